import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import type { FastifyInstance } from 'fastify';

/** Counts from the command line (`--payments 20`): each above 0, or the usage and exit code 2. */
export function counts<K extends string>(
  args: Record<K, string | undefined>,
  usage: string,
): Record<K, number> {
  const values = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, Number(v)])) as Record<
    K,
    number
  >;
  if (!Object.values<number>(values).every((n) => n > 0)) {
    console.error(usage);
    process.exit(2);
  }
  return values;
}

/** The p-th percentile of numbers sorted ascending. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** The Lagos calendar date `days` from today, YYYY-MM-DD. */
export const lagosDate = (days: number) => addDays(todayInLagos(), days);

/** The names seeded hostels are given (with a number or a street after them). */
export const HOSTEL_NAMES = [
  'Unity',
  'Scholars',
  'Harmony',
  'Royal',
  'Emerald',
  'Cedar',
  'Golden Gate',
  'Prime',
  'Zion',
  'Haven',
  'Grace',
  'Peace',
  'Victory',
  'Legacy',
];

/** Listen on a free port of this machine; the base URL to call. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
