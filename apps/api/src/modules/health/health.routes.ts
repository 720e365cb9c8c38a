import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { pingDatabase } from '../../db/client.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';

/** An engine that has not answered within this is reported down: a health check must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

const EngineSchema = z.object({
  engine: z.string(),
  ok: z.boolean(),
});
const HealthSchema = z.object({
  /** `ok`: everything answers; `degraded`: the database answers, another engine does not; `down`: no database. */
  status: z.enum(['ok', 'degraded', 'down']),
  /** The database alone, as this answer has always carried it. */
  db: z.enum(['ok', 'down']),
  engines: z.object({
    database: EngineSchema,
    storage: EngineSchema,
    queue: EngineSchema,
    /** Only with REDIS_URL: counters and cache invalidation shared by the processes (ADR 0017). */
    shared: z.optional(EngineSchema),
  }),
});
const ReadySchema = z.object({ ready: z.boolean() });

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness with the engines behind it (`/health`), and readiness for a load balancer (`/ready`):
 * 503 while the database does not answer, so the balancer drains this process until it does. Before
 * the app is built (migrations running) server.ts answers both with 503 itself.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, jobs, shared } = app.deps;

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Which engines this process uses and whether each answers (503 without the database)',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const [database, files, queue] = await Promise.all([
        answers(() => pingDatabase(db)),
        answers(() => storage.check()),
        answers(() => jobs.check()),
      ]);
      // Redis away is not an outage: limits and cache fall back to this process (ADR 0017).
      const redis = shared ? shared.isShared() : true;
      const status = !database ? 'down' : files && queue && redis ? 'ok' : 'degraded';
      return reply.code(database ? 200 : 503).send({
        status,
        db: database ? 'ok' : 'down',
        engines: {
          database: { engine: app.database.kind, ok: database },
          storage: { engine: storage.engine, ok: files },
          queue: { engine: 'pg-boss', ok: queue },
          ...(shared ? { shared: { engine: 'redis', ok: redis } } : {}),
        },
      });
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready for traffic: 200, or 503 while migrations run or the database does not answer',
        response: { 200: ReadySchema, ...errorAnswers(503) },
      },
    },
    async () => {
      if (!(await answers(() => pingDatabase(db)))) throw serviceUnavailable('The database is not answering');
      return { ready: true };
    },
  );
};
