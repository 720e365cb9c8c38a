import type { Deps } from './deps.ts';
import { checkStoredPhones, ensureStartupAdmin, wantsOptionalMessages } from './modules/auth/index.ts';
import { startBookingJobs } from './modules/bookings/index.ts';
import { startCheckoutJobs } from './modules/checkout/index.ts';
import { seedDemoOnce } from './modules/demo/index.ts';
import { startIdempotencyJobs } from './modules/idempotency/index.ts';
import { startMessageWorkers } from './modules/messages/index.ts';
import { startReconciliationJobs } from './modules/reconciliation/index.ts';
import { startRefundJobs } from './modules/refunds/index.ts';
import { startRentJobs } from './modules/rent/index.ts';
import { listSaved, startSavedJobs } from './modules/saved/index.ts';
import { startDataRightsJobs } from './modules/users/index.ts';

/**
 * What every start does once the database is migrated: stored phone numbers a migration listed are
 * checked (migration 0022), then the admin account.
 */
export async function runStartupTasks(deps: Deps, databaseKind: 'pglite' | 'postgres'): Promise<void> {
  await checkStoredPhones(deps);
  await ensureStartupAdmin(deps, databaseKind);
}

/**
 * Demo data if asked, once the workers run: its refunds and messages are queued as a request's
 * are, into queues that exist, and go out at once.
 */
export async function seedDemoIfAsked(deps: Deps): Promise<void> {
  if (deps.config.seedDemo) await seedDemoOnce(deps);
}

/** Every process runs the workers; the queue shares the work and runs each schedule once. */
export async function startWorkers(deps: Deps): Promise<void> {
  // Messages know no accounts: whether someone still wants optional ones is their account's word.
  await startMessageWorkers(deps, (userId, channel, list) =>
    wantsOptionalMessages(deps, userId, channel, list),
  );
  await startBookingJobs(deps);
  await startCheckoutJobs(deps);
  await startRefundJobs(deps);
  await startReconciliationJobs(deps);
  await startRentJobs(deps);
  await startSavedJobs(deps);
  await startIdempotencyJobs(deps);
  // Saved items come after the users module: their part of a person's export is handed in here.
  await startDataRightsJobs(deps, {
    exportParts: { saved: async (d, userId) => ({ rows: await listSaved(d, userId) }) },
  });
}
