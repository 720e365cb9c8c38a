// The reconciliation module's public surface (docs/decisions/0020-boundaries.md): each day's money
// compared with the payment provider's, and the differences kept for the admins.
export { startReconciliationJobs } from './reconciliation.jobs.ts';
export { reconciliationRoutes } from './reconciliation.routes.ts';
export { openDifferenceDays, reconcileDay } from './reconciliation.service.ts';
