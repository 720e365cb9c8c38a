import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

const started = performance.now();

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startupMs: Math.round(performance.now() - started) },
    `StudyNest is ready at ${config.publicUrl} (database: ${app.database.kind})`,
  );

  // SIGTERM: stop accepting, let in-flight requests finish (new ones get 503), then exit.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 9_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
