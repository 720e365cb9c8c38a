/**
 * `npm run reconcile -- --date YYYY-MM-DD`: reconcile one Lagos day with the payment provider by
 * hand (docs/domain.md, "Reconciliation"), with the server's own configuration (environment) and
 * code: the same run the daily job makes, kept and shown on the admins' page. Prints what it found;
 * exit 0 when the day agrees (or what differed was settled), 1 when differences are left, 2 when
 * the run failed (the provider did not answer) or could not start.
 */
import { parseArgs } from 'node:util';
import { isCalendarDate } from '@studynest/contracts';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { reconcileDay } from './modules/reconciliation/index.ts';

const { values } = parseArgs({ options: { date: { type: 'string' } } });
if (!values.date || !isCalendarDate(values.date)) {
  console.error('Usage: npm run reconcile -- --date YYYY-MM-DD (a Lagos calendar day)');
  process.exit(2);
}
const app = await buildApp(loadConfig(process.env), { logger: { level: 'warn' } });
try {
  const run = await reconcileDay(app.deps, values.date);
  console.log(
    `reconciliation of ${run.day} with ${app.deps.payments.name}: ${run.status}` +
      ` (payments ${run.counts.ours_payments} ours / ${run.counts.theirs_payments} theirs,` +
      ` refunds ${run.counts.ours_refunds} ours / ${run.counts.theirs_refunds} theirs)`,
  );
  if (run.error) console.log(`  failed: ${run.error}`);
  for (const d of run.differences) {
    console.log(`  ${d.settled ? 'settled' : 'TO DO  '} ${d.kind} ${d.reference}: ${d.what_to_do}`);
  }
  const open = run.differences.filter((d) => !d.settled).length;
  process.exitCode = run.status === 'failed' || run.status === 'running' ? 2 : open ? 1 : 0;
} finally {
  await app.close();
}
