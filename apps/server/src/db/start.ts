import type { Config } from "../config.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { type DatabaseHandle, openDatabase } from "./index.ts";

/** Thrown when start-up gives up: its message is the one line the operator reads. */
export class StartupError extends Error {}

/** Where the database is, for a message: host and port of the URL, never its password. */
export function databaseLocation(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
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
    /** The embedded database stopped answering (see db/pglite-guard.ts). */
    onEmbeddedStop?: (error: unknown) => void;
  } = {},
): Promise<DatabaseHandle> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : `${config.dataDir}/pglite`,
      timeouts: config.databaseTimeouts,
      ...(options.onEmbeddedStop ? { onEmbeddedStop: options.onEmbeddedStop } : {}),
    });
  if (!config.databaseUrl) return open();
  const where = databaseLocation(config.databaseUrl);
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
