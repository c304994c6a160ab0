import cluster, { type Worker } from "node:cluster";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { prepareDatabaseApart } from "./db/prepare.ts";
import {
  type DatabaseServer,
  databaseServer,
  openDatabaseAtStart,
  StartupError,
} from "./db/start.ts";
import { acrossStores } from "./db/store-scope.ts";
import { batchedStdout } from "./lib/log-destination.ts";
import { firstProductImages } from "./modules/catalog/index.ts";
import { pageBanners } from "./modules/content/index.ts";
import { warmPageImages } from "./modules/media/index.ts";

/**
 * How long a stopping server finishes the requests and jobs in flight before it exits anyway
 * (1): under the 30 s an orchestrator usually waits after SIGTERM before it kills. A primary
 * waits as long for its workers, and a little more for their own deadline.
 */
const STOP_TIMEOUT_MS = 20_000;

/**
 * Migrates the database and loads the demo stores and their media (when LOAD_DEMO_DATA), in a
 * child process (see prepare.ts), then opens it for this one.
 */
async function prepare(config: Config) {
  await prepareDatabaseApart(config);
  return openDatabaseAtStart(config, AT_START);
}

/** How this process opens the database: retries said on stderr. */
const AT_START = { onRetry: (line: string) => console.error(line) };

/**
 * The primary's PostgreSQL: DATABASE_URL's, or the embedded one it starts (or finds running) and
 * stops when it stops. Workers (WEB_CONCURRENCY) and the start-up child get its URL.
 */
async function withDatabaseServer(
  config: Config,
): Promise<{ config: Config; server: DatabaseServer }> {
  const server = await databaseServer(config, "server");
  return { config: { ...config, databaseUrl: server.url }, server };
}

/** One server process: the API and the pages on the port. */
async function serve(given: Config): Promise<void> {
  // A worker of runCluster leaves migrations, demo data and the embedded PostgreSQL to the
  // process that started it (its DATABASE_URL says where).
  const isWorker = cluster.isWorker;
  const { config, server } = isWorker
    ? { config: given, server: null }
    : await withDatabaseServer(given);
  let database: Awaited<ReturnType<typeof prepare>>;
  try {
    database = isWorker ? await openDatabaseAtStart(config, AT_START) : await prepare(config);
  } catch (error) {
    await server?.stop().catch(() => {});
    throw error;
  }
  const log = batchedStdout();
  const app = await buildApp({ config, db: database.db, logStream: log });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      console.error(
        `Requests or jobs still running ${STOP_TIMEOUT_MS / 1000} s after ${signal}; exiting.`,
      );
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    // No new connections; the requests in flight are answered, then background work and the
    // timed jobs finish and the analytics and mail waiting are written (the app's onClose). A
    // kept-alive connection whose request is answered meanwhile is closed once it is idle, not
    // left open for its keep-alive time.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idle);
    await database.close();
    await server
      ?.stop()
      .catch((err: unknown) => console.error(`Stopping the embedded PostgreSQL: ${String(err)}`));
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  if (!isWorker) {
    app.log.info(`Store ready at http://localhost:${config.port}`);
    // Every store's page images, drawn once at start.
    void acrossStores(() =>
      warmPageImages({
        productImages: () => firstProductImages(app.db),
        pageBanners: () => pageBanners(app.db),
        media: app.media,
        log: app.log,
        background: app.background,
      }),
    );
  }
  log.flush();
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, see config.ts): this process prepares the database once,
 * then runs that many workers sharing the port (node:cluster). A worker that dies is replaced; one
 * that dies before it listens stops the whole server with its reason. SIGTERM or SIGINT stops the
 * workers (each finishes its requests) and then this process.
 */
async function runCluster(given: Config): Promise<void> {
  const { config, server } = await withDatabaseServer(given);
  try {
    const database = await prepare(config);
    await database.close();
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }

  let stopping = false;
  let failed = false;
  // The embedded PostgreSQL stops after the last worker, before this process exits.
  const exit = (code: number) =>
    void server
      .stop()
      .catch(() => {})
      .finally(() => process.exit(code));
  const listening = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork({ DATABASE_URL: config.databaseUrl });
    worker.once("listening", () => {
      listening.add(worker);
      const ready = Object.values(cluster.workers ?? {}).filter((w) => w && listening.has(w));
      if (ready.length === config.webConcurrency) {
        console.log(
          `Store ready at http://localhost:${config.port} (${config.webConcurrency} worker processes)`,
        );
      }
    });
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (living().length === 0) exit(failed ? 1 : 0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listening.has(worker)) {
      console.error(`A worker process stopped before it could serve (${how}); stopping.`);
      stopping = true;
      failed = true;
      for (const other of living()) other.process.kill("SIGTERM");
      if (living().length === 0) exit(1);
      return;
    }
    console.error(`Worker process ${worker.process.pid} stopped (${how}); starting another.`);
    fork();
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of living()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of living()) worker.process.kill("SIGKILL");
      exit(1);
    }, STOP_TIMEOUT_MS + 2_000).unref();
    if (living().length === 0) exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}

try {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) await runCluster(config);
  else await serve(config);
} catch (error) {
  // A setting or the database stops start-up with one line that says which; no stack trace.
  const known =
    error instanceof StartupError ||
    (error instanceof Error && /^Invalid settings:/.test(error.message));
  if (!known) throw error;
  console.error((error as Error).message);
  process.exit(1);
}
