import cluster, { type Worker } from "node:cluster";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { describeFailure } from "./db/index.ts";
import { prepareDatabaseApart } from "./db/prepare.ts";
import { openDatabaseAtStart, StartupError } from "./db/start.ts";
import { batchedStdout } from "./lib/log-destination.ts";
import { warmPageImages } from "./modules/media/warm.ts";

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
  await prepareDatabaseApart();
  return openDatabaseAtStart(config, AT_START);
}

/**
 * The embedded database stopped answering after a failure inside a statement (see
 * db/pglite-guard.ts): every request would fail from now on. The process stops with the reason,
 * so that whatever runs it starts it again; PostgreSQL then recovers the data directory.
 */
function stopOnEmbeddedFailure(error: unknown): void {
  console.error(
    `The embedded database stopped after a failure inside a statement: ${describeFailure(error)}`,
  );
  console.error("Stopping the server; start it again to recover the database.");
  process.exitCode = 1;
  setImmediate(() => process.exit(1));
}

/** How this process opens the database: retries said on stderr, and stops with the database. */
const AT_START = {
  onRetry: (line: string) => console.error(line),
  onEmbeddedStop: stopOnEmbeddedFailure,
};

/** One server process: the API and the pages on the port. */
async function serve(config: Config): Promise<void> {
  // A worker of runCluster leaves migrations and demo data to the process that started it.
  const isWorker = cluster.isWorker;
  const database = isWorker ? await openDatabaseAtStart(config, AT_START) : await prepare(config);
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
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  if (!isWorker) {
    app.log.info(`Store ready at http://localhost:${config.port} (${database.engine})`);
    warmPageImages({
      db: app.db,
      media: app.media,
      log: app.log,
      background: app.background,
    });
  }
  log.flush();
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, see config.ts): this process prepares the database once,
 * then runs that many workers sharing the port (node:cluster). A worker that dies is replaced; one
 * that dies before it listens stops the whole server with its reason. SIGTERM or SIGINT stops the
 * workers (each finishes its requests) and then this process.
 */
async function runCluster(config: Config): Promise<void> {
  const database = await prepare(config);
  await database.close();

  let stopping = false;
  let failed = false;
  const listening = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      const ready = Object.values(cluster.workers ?? {}).filter((w) => w && listening.has(w));
      if (ready.length === config.webConcurrency) {
        console.log(
          `Store ready at http://localhost:${config.port} (postgres, ${config.webConcurrency} worker processes)`,
        );
      }
    });
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (living().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listening.has(worker)) {
      console.error(`A worker process stopped before it could serve (${how}); stopping.`);
      stopping = true;
      failed = true;
      for (const other of living()) other.process.kill("SIGTERM");
      if (living().length === 0) process.exit(1);
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
      process.exit(1);
    }, STOP_TIMEOUT_MS + 2_000).unref();
    if (living().length === 0) process.exit(0);
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
