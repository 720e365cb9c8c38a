import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import type { Deps } from './deps.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { addressList, capConnectionsPerPeer } from './lib/connection-limit.ts';
import { sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { counters } from './lib/rate-limiter.ts';
import { createSharedEngine } from './lib/shared-engine.ts';
import { adminMessagesRoutes } from './modules/admin-messages/index.ts';
import { agreementPageRoutes, agreementsRoutes } from './modules/agreements/index.ts';
import { adminAuditPlugin, auditRoutes } from './modules/audit/index.ts';
import { authPlugin, authRoutes, turnOffOptionalMessages } from './modules/auth/index.ts';
import { bookingsRoutes } from './modules/bookings/index.ts';
import { checkoutRoutes, settleFromProvider } from './modules/checkout/index.ts';
import { documentsRoutes } from './modules/documents/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { hostelReviewsRoutes } from './modules/hostel-reviews/index.ts';
import { hostelsRoutes } from './modules/hostels/index.ts';
import { idempotencyPlugin } from './modules/idempotency/index.ts';
import { maintenanceRoutes } from './modules/maintenance/index.ts';
import { outboxDevRoutes, unsubscribeRoutes } from './modules/messages/index.ts';
import { receiptPageRoutes, receiptsRoutes } from './modules/receipts/index.ts';
import { reconciliationRoutes } from './modules/reconciliation/index.ts';
import { refundsRoutes } from './modules/refunds/index.ts';
import { rentRoutes } from './modules/rent/index.ts';
import { overviewRoutes, reportsRoutes } from './modules/reports/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { roomPhotoFilesOfHostel, roomsRoutes, whyHostelInUse } from './modules/rooms/index.ts';
import { createSandboxProvider, sandboxRoutes } from './modules/sandbox/index.ts';
import { savedRoutes } from './modules/saved/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { subscribersRoutes } from './modules/subscribers/index.ts';
import { tenanciesRoutes } from './modules/tenancies/index.ts';
import { handleTransferEvent, transfersRoutes } from './modules/transfers/index.ts';
import { accountDeletion, usersRoutes } from './modules/users/index.ts';
import { createPaystackProvider } from './payment-providers/paystack.ts';
import type { PaymentProvider } from './payment-providers/provider.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { readCachePlugin } from './plugins/read-cache.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';
import { runStartupTasks, seedDemoIfAsked, startWorkers } from './startup.ts';
import { makeDataDirPrivate, restrictTree } from './storage/data-dir.ts';
import { createPrivateStorage, createStorage } from './storage/file-storage.ts';

/**
 * A proxy's X-Request-Id ties our log lines to its own; anything else a client sends there (line
 * breaks, markup, a forged log line) must not become our log's request id.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

export type BuildOptions = {
  /** Pino logger options, or false for silence (tests); a test may read the lines from `stream`. */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
};

/** Paystack when a key is set (or asked for), else the built-in sandbox; built once per app. */
function createPaymentProvider(config: Config, db: Deps['db']): PaymentProvider {
  if (config.payments.provider === 'paystack') {
    const secretKey = config.payments.paystackSecretKey;
    if (!secretKey) throw new Error('PAYSTACK_SECRET_KEY is required for the paystack provider');
    return createPaystackProvider({
      secretKey,
      baseUrl: config.payments.paystackBaseUrl,
      timeoutMs: config.payments.paystackTimeoutMs,
      dedicatedAccounts: config.payments.dedicatedAccounts,
      preferredBank: config.payments.preferredBank,
    });
  }
  return createSandboxProvider({ publicUrl: config.publicUrl, db });
}

/** The whole server as one value: what `server.ts` listens with and what every test injects into. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within its timeout (Node answers 408 and closes), its headers
    // sooner; a connection silent that long is dropped. Node looks for late requests every
    // `connectionsCheckingInterval` (30 s by default, which would double a 30 s timeout).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(100, Math.floor(config.http.headersTimeoutMs / 10)),
      ),
    },
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // The id each log line of a request carries, so a user or a proxy can quote it.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  capConnectionsPerPeer(app.server, config.http.maxConnectionsPerIp, addressList(config.trustProxy));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const notPrivate = makeDataDirPrivate(config.dataDir);
  // What services need, built once (docs/decisions/0013-one-way-per-concern.md).
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: config.pgliteTemplate,
  });
  // PGlite has just written some files with modes of its own.
  if (database.kind === 'pglite') notPrivate.push(...restrictTree(config.dataDir));
  if (notPrivate.length) {
    app.log.warn(
      { paths: [...new Set(notPrivate)].slice(0, 20) },
      'cannot make these DATA_DIR paths private (0700/0600): they belong to another user',
    );
  }
  const jobs = new JobQueue(database, app.log);
  await jobs.start();
  // Redis shared by every process (REDIS_URL; docs/decisions/0017-shared-engines.md). Start-up
  // waits a little for it, then serves regardless: without it each process counts on its own.
  const shared = config.redis ? createSharedEngine(config.redis.url, config.redis.keyPrefix, app.log) : null;
  if (shared) {
    app.addHook('onClose', () => shared.close());
    await shared.ready(3_000);
  }
  const deps: Deps = {
    db: database.db,
    dbKind: database.kind,
    config,
    storage: createStorage(config),
    privateStorage: createPrivateStorage(config),
    payments: createPaymentProvider(config, database.db),
    jobs,
    shared,
    counters: counters(shared),
    log: app.log,
  };
  app.decorate('deps', deps);

  // Cross-cutting plugins.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, jobs });
  await app.register(readCachePlugin, { shared });
  await app.register(authPlugin);
  await app.register(adminAuditPlugin);
  // Before compression (security plugin): the answer it keeps for a replay is the plain JSON.
  await app.register(idempotencyPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: sharedRateLimitStore(shared) } : {}),
  });
  await app.register(multipart, { limits: { fileSize: 8 * 1024 * 1024, files: 10, fields: 50, parts: 60 } });
  await app.register(docsPlugin);

  // Feature modules, all under /api.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      // A hostel's rooms keep it from being deleted: the rooms module knows when.
      await api.register(hostelsRoutes, {
        hostelInUse: whyHostelInUse,
        roomPhotoFiles: roomPhotoFilesOfHostel,
      });
      await api.register(roomsRoutes);
      await api.register(authRoutes, { deletion: accountDeletion(deps) });
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(bookingsRoutes);
      // Paystack's transfer events (an account assigned, money at one) go to the transfers module.
      await api.register(checkoutRoutes, { transferEvent: (event) => handleTransferEvent(deps, event) });
      await api.register(transfersRoutes);
      await api.register(receiptsRoutes);
      await api.register(refundsRoutes);
      await api.register(reconciliationRoutes);
      await api.register(reviewsRoutes);
      await api.register(subscribersRoutes);
      await api.register(siteRoutes);
      await api.register(settingsRoutes);
      await api.register(rentRoutes);
      await api.register(reportsRoutes);
      await api.register(overviewRoutes);
      await api.register(adminMessagesRoutes);
      await api.register(maintenanceRoutes);
      await api.register(documentsRoutes);
      await api.register(savedRoutes);
      await api.register(tenanciesRoutes);
      await api.register(agreementsRoutes);
      await api.register(hostelReviewsRoutes);
      // The outbox shows one-time codes: a development aid only, absent (404) in production.
      if (config.env !== 'production') {
        await api.register(outboxDevRoutes);
      }
    },
    { prefix: '/api' },
  );

  // The built-in test checkout (sandbox payment provider) lives outside /api: it is a page, not JSON.
  // Like Paystack's webhook, each decision there is applied even if the browser never comes back.
  await app.register(sandboxRoutes, { onDecided: (reference) => settleFromProvider(deps, reference) });
  // The unsubscribe link in e-mails opens a page of ours, like the checkout: outside /api too.
  await app.register(unsubscribeRoutes, {
    turnOff: (userId, channel, list) => turnOffOptionalMessages(deps, userId, channel, list),
  });
  // A receipt's QR code opens this page on whatever phone scans it: outside /api too.
  await app.register(receiptPageRoutes);
  // A signed agreement's QR code opens this page: outside /api too.
  await app.register(agreementPageRoutes);

  await app.register(staticPlugin, { config });

  await runStartupTasks(deps, database.kind);
  await startWorkers(deps);
  await seedDemoIfAsked(deps);
  return app;
}
