import type { FastifyInstance } from 'fastify';

/** The p-th percentile of numbers sorted ascending. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** The Lagos calendar date `days` from now, YYYY-MM-DD. */
export const lagosDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

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
