import { stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { type DatabaseHandle, openDatabase } from "./index.ts";
import { StartupError } from "./start-error.ts";

export { StartupError };

/** The PostgreSQL a process uses, and what to do when it is done with it. */
export interface DatabaseServer {
  /** What this process connects with (the embedded PostgreSQL's Unix socket, when it has one). */
  url: string;
  /** The same database for another client, such as psql: over TCP for the embedded one. */
  clientUrl: string;
  /** False when the embedded PostgreSQL was found running (a store server holds it); else true. */
  startedHere: boolean;
  /** Stops the embedded PostgreSQL this process is responsible for; nothing for DATABASE_URL. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the store uses: DATABASE_URL's, which it starts nothing for; else the embedded
 * one in DATA_DIR/postgres, found running or started (see embedded.ts). A server holds it and
 * stops it when it stops; a command run beside the server uses the server's.
 */
export async function databaseServer(
  config: Config,
  role: "server" | "command",
  onInfo: (line: string) => void = (line) => console.error(line),
): Promise<DatabaseServer> {
  if (config.databaseUrl)
    return {
      url: config.databaseUrl,
      clientUrl: config.databaseUrl,
      startedHere: false,
      stop: async () => {},
    };
  if (!config.dataDir)
    throw new StartupError("No DATABASE_URL and no DATA_DIR: nowhere to keep the database");
  if (role === "server") await warnOfPglite(config.dataDir, onInfo);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, role, onInfo });
  return {
    url: embedded.url,
    clientUrl: embedded.tcpUrl,
    startedHere: embedded.started,
    stop: () => embedded.stop(),
  };
}

/**
 * Versions before this one kept the database in DATA_DIR/pglite (PGlite, in the server's memory).
 * This one neither reads nor deletes it: it says so at every start until the folder is moved.
 */
async function warnOfPglite(dataDir: string, say: (line: string) => void): Promise<void> {
  const legacy = path.join(dataDir, "pglite");
  if (
    !(await stat(legacy).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    return;
  say(
    `${legacy} holds the database of an earlier version of the store (PGlite), which this version does not read; ` +
      `the store now keeps its database in ${path.join(dataDir, "postgres")}. Nothing in ${legacy} was changed or deleted. ` +
      'To carry its stores over, see docs/running.md ("Moving from PGlite"); when it is not needed, delete the folder and this message goes.',
  );
}

/** Where the database is, for a message: host and port of the URL, never its password. */
export function databaseLocation(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    // A Unix socket's folder is the host, percent-encoded (the embedded PostgreSQL's).
    return `${decodeURIComponent(url.hostname)}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "the DATABASE_URL";
  }
}

function reason(error: unknown): string {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    // Node reports a refused host with several addresses as an AggregateError without a message.
    if (message === "" && Array.isArray(errors) && errors.length > 0) return reason(errors[0]);
    if (typeof message === "string" && message !== "") {
      return typeof code === "string" ? `${code}: ${message}` : message;
    }
  }
  return String(error);
}

/**
 * Opens (and migrates) the database, retrying while PostgreSQL cannot be reached: 1 s, 2 s, 4 s…
 * (at most 8 s) between `config.databaseStartAttempts` tries; then a StartupError of one line.
 */
export async function openDatabaseAtStart(
  config: Config,
  options: {
    sleep?: (ms: number) => Promise<void>;
    onRetry?: (line: string) => void;
    poolSize?: number;
  } = {},
): Promise<DatabaseHandle> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl)
    throw new Error("openDatabaseAtStart needs the database's URL (databaseServer)");
  const open = () =>
    openDatabase({
      databaseUrl,
      timeouts: config.databaseTimeouts,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    });
  const where = databaseLocation(databaseUrl);
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        throw new StartupError(`Cannot use the database at ${where}: ${reason(error)}`);
      }
      if (attempt >= config.databaseStartAttempts) {
        const seconds = Math.round((Date.now() - started) / 1000);
        throw new StartupError(
          `Cannot reach the database at ${where}: ${reason(error)}; gave up after ${attempt} attempts in ${seconds} s`,
        );
      }
      const wait = Math.min(8_000, 1_000 * 2 ** (attempt - 1));
      options.onRetry?.(
        `Database at ${where} not reachable (${reason(error)}); trying again in ${wait / 1000} s`,
      );
      await sleep(wait);
    }
  }
}
