import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Counters } from './lib/rate-limiter.ts';
import type { SharedEngine } from './lib/shared-engine.ts';
import type { PaymentProvider } from './payment-providers/provider.ts';
import type { FileStorage, PrivateStorage } from './storage/file-storage.ts';

/**
 * What services need from the running app, built once in app.ts and handed to routes as
 * `app.deps`. A service takes `deps` first and names only what it uses, e.g.
 * `deps: Pick<Deps, 'db' | 'config'>`, so a test or a script can call it with just those parts.
 * (docs/decisions/0013-one-way-per-concern.md)
 */
export type Deps = {
  db: Db;
  /** The embedded PGlite (one process, one query at a time) or a PostgreSQL server. */
  dbKind: 'pglite' | 'postgres';
  config: Config;
  storage: FileStorage;
  /** Files only the API hands out, after its own checks: stored receipt PDFs. */
  privateStorage: PrivateStorage;
  /** The payment provider (Paystack or the sandbox), built once. */
  payments: PaymentProvider;
  /** The durable job queue: messages, reminders, clean-ups (docs/decisions/0016-job-queue.md). */
  jobs: JobQueue;
  /** Redis shared by every API process, when REDIS_URL is set (docs/decisions/0017-shared-engines.md). */
  shared: SharedEngine | null;
  /** Rate-limit counters: in Redis with a shared engine (this process's memory while it is away), else in memory. */
  counters: Counters;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
