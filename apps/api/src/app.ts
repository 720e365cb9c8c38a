import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { runStartupTasks } from './db/startup.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { hostelsRoutes } from './modules/hostels/hostels.routes.ts';
import { roomsRoutes } from './modules/rooms/rooms.routes.ts';
import { createStorage } from './modules/storage/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
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
    trustProxy: config.env === 'production',
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
  await app.register(authPlugin, { config });
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
    },
    { prefix: '/api' },
  );

  await app.register(staticPlugin, { config });

  await runStartupTasks({ db: database.db, kind: database.kind, config, storage, log: app.log });
  return app;
}
