import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';

/** Reads the configuration, or explains every bad variable and exits. */
function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp(config);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests get SHUTDOWN_TIMEOUT_MS; after that their connections are cut
    // so the database can still be closed cleanly.
    const cutConnections = setTimeout(() => {
      app.log.warn('shutdown timeout: closing remaining connections');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    cutConnections.unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(`车友圈 is serving http://localhost:${port} (public URL ${config.PUBLIC_URL})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
