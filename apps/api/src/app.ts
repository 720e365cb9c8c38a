import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { runStartupTasks } from './db/startup.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { hostelsRoutes } from './modules/hostels/hostels.routes.ts';
import { mailDevRoutes } from './modules/mail/mail.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { roomsRoutes } from './modules/rooms/rooms.routes.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createStorage } from './modules/storage/storage.ts';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { adminAuditPlugin } from './plugins/admin-audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { readCachePlugin } from './plugins/read-cache.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';

export type BuildOptions = {
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | { level: string };
};

/** The whole server as one value: what `server.ts` listens with and what every test injects into. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: config.pgliteTemplate,
  });
  const storage = createStorage(config);

  // Cross-cutting plugins.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(readCachePlugin);
  await app.register(authPlugin, { config });
  await app.register(adminAuditPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 10, fields: 50, parts: 60 } });
  await app.register(docsPlugin);

  // Feature modules, all under /api.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(hostelsRoutes, { storage });
      await api.register(roomsRoutes);
      await api.register(authRoutes, { config });
      await api.register(usersRoutes, { config });
      await api.register(auditRoutes);
      await api.register(bookingsRoutes);
      await api.register(paymentsRoutes, { config });
      await api.register(reviewsRoutes, { config });
      await api.register(subscribersRoutes, { config });
      await api.register(siteRoutes, { config });
      // The outbox shows one-time codes: a development aid only, absent (404) in production.
      if (config.env !== 'production') await api.register(mailDevRoutes);
    },
    { prefix: '/api' },
  );

  // The built-in test checkout (sandbox payment provider) lives outside /api: it is a page, not JSON.
  await app.register(sandboxRoutes, { config });

  await app.register(staticPlugin, { config });

  await runStartupTasks({ db: database.db, kind: database.kind, config, storage, log: app.log });
  return app;
}
