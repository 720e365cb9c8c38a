import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { abandonStalePayments, payments } from '../payments/index.ts';
import { settleFromProvider } from './checkout.service.ts';

const FOLLOW_UP_QUEUE = 'checkout.follow-up';

/** A checkout is left this long before the provider is asked about it (the payer may be paying now). */
const ASK_AFTER_MINUTES = 5;

/**
 * Checkouts started and never answered (no callback, no webhook) are asked of the provider, and
 * what it says is applied — so a student who paid while our webhook was down still gets the room
 * or a refund (docs/domain.md, "Payments"). Only then are those still pending after two hours
 * called abandoned. A provider that does not answer is asked again next time.
 */
export async function followOpenCheckouts(deps: Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>) {
  const open = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.provider, deps.payments.name),
        lt(payments.createdAt, sql`now() - make_interval(mins => ${ASK_AFTER_MINUTES})`),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(200);
  let asked = 0;
  for (const { reference } of open) {
    try {
      await settleFromProvider(deps, reference);
      asked += 1;
    } catch {
      // No answer: asked again at the next run.
    }
  }
  const abandoned = await abandonStalePayments(deps);
  return { asked, abandoned };
}

/** Every five minutes, on whichever process holds the schedule. */
export async function startCheckoutJobs(deps: Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>) {
  await deps.jobs.ensureQueue(FOLLOW_UP_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(FOLLOW_UP_QUEUE, '*/5 * * * *');
  await deps.jobs.work(FOLLOW_UP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await followOpenCheckouts(deps);
  });
}
