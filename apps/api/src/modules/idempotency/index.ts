// The idempotency module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { startIdempotencyJobs } from './idempotency.jobs.ts';
export { idempotencyPlugin } from './idempotency.plugin.ts';
export { forgetOldKeys } from './idempotency.service.ts';
