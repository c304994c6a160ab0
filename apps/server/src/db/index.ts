import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type ExtractTablesWithRelations, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { guardedWasm, guardMainLoop } from "./pglite-guard.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type services see, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

/** The rows of a raw SQL query, whichever engine runs it. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer `rows` (node-postgres' QueryResult, PGlite's Results).
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A LIKE pattern that finds the text anywhere, its own %, _ and \ taken literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const PGLITE_SHARED_BUFFERS = "16MB";
const PGLITE_MAX_STACK_DEPTH = "500kB";

/**
 * The libraries PostgreSQL loads on first use (the PL/pgSQL of the triggers, the English stemmer
 * of the search, the two extensions). PGlite links each as a WebAssembly module from inside the
 * statement that first needs it, as deep in the native stack as that statement is, and its
 * loader swallows a failure halfway. Run with a small stack under load, the tests trapped inside
 * one of these modules ("null function or function signature mismatch") in about 1 run of 7, and
 * in none of 14 once they were loaded here, at the top level, before anything else runs. Not a
 * proven cure: a freshly seeded server under load trapped once in pg_trgm's % even so (the guard
 * then stopped it); see the session 35 note.
 */
const PGLITE_LIBRARIES = ["plpgsql", "dict_snowball", "pg_trgm", "btree_gin"];

/** An error with its stack, for a log line. */
export function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

let journalTimes: number[] | null = null;

/**
 * How many of this build's migrations the database has not applied: drizzle applies those made
 * after the newest it recorded (its journal's `when` against `drizzle.__drizzle_migrations`).
 */
export async function pendingMigrations(db: Database): Promise<number> {
  journalTimes ??= (
    JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    }
  ).entries.map((e) => e.when);
  const [row] = await selectRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newest = Number(row?.newest ?? 0);
  return journalTimes.filter((when) => when > newest).length;
}
export interface DatabaseTimeouts {
  /** Waiting for a connection (a new one, or a free one of the pool). */
  connectMs: number;
  /** One statement, on the server (statement_timeout) and in the client. */
  statementMs: number;
  /** A transaction left idle holds its locks no longer than this. */
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

// Any constant works; it only has to be the same for every instance of the server.
const MIGRATION_LOCK = 7_202_611;

/**
 * PGlite (embedded; data under `dataDir`, or in memory when dataDir is null) when no URL is given,
 * else PostgreSQL through node-postgres. Both are migrated before they are returned.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** Sees every SQL statement the app runs through Drizzle (tests count them). */
  logQuery?: (query: string) => void;
  /** PostgreSQL only: how long to wait for a connection and for a statement. */
  timeouts?: Partial<DatabaseTimeouts>;
  /**
   * PGlite only: hears the failure after which the embedded database answers no more statements
   * (see pglite-guard.ts); by default a process warning says what it was.
   */
  onEmbeddedStop?: (error: unknown) => void;
}): Promise<DatabaseHandle> {
  const logQuery = options.logQuery;
  const logger = logQuery ? { logQuery: (query: string) => logQuery(query) } : undefined;
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that refuses or does not answer fails a request within seconds (a 503), and
      // the pool reconnects on the next request once it is back: no restart needed.
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.statementMs + 1_000,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      keepAlive: true,
    });
    let closing = false;
    // An idle connection the server drops (restart, failover, shutdown) is replaced on next use;
    // without a listener its error would crash the process.
    pool.on("error", (error) => {
      if (!closing) process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema, logger });
    // Several instances may start at once: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db: db as unknown as Database,
      engine: "postgres",
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers sit in PGlite's WebAssembly memory, which never
  // shrinks: a small store's data fits in 16 MB, and the process stays about 120 MB smaller
  // (the files are read through Node, so the operating system's cache still holds them).
  // The search's: pg_trgm for misspellings (migration 0028), btree_gin for its index (0030).
  // No notices: nothing here reads them, and each would cross into JavaScript mid-statement.
  // (The freeze once blamed on them came from an exception PGlite swallowed: see pglite-guard.ts.)
  // PostgreSQL's own recursion limit, below what the native stack holds (the server runs with
  // --stack-size=3000): a runaway recursion is then its clean "stack depth limit exceeded", not
  // a stack overflow in the middle of a statement. PostgreSQL's 2 MB default is past it.
  const settings = {
    postgresqlconf: [
      `shared_buffers = ${PGLITE_SHARED_BUFFERS}`,
      "client_min_messages = warning",
      `max_stack_depth = ${PGLITE_MAX_STACK_DEPTH}`,
    ],
    extensions: { btree_gin, pg_trgm },
  };
  const wasm = await guardedWasm();
  const started = { ...settings, ...(wasm ? { pgliteWasmModule: wasm.module } : {}) };
  const client = options.dataDir ? new PGlite(options.dataDir, started) : new PGlite(started);
  await client.waitReady;
  const onStop =
    options.onEmbeddedStop ??
    ((error: unknown) =>
      process.emitWarning(`The embedded database stopped: ${describeFailure(error)}`));
  if (!wasm || !guardMainLoop(client, wasm, onStop)) {
    process.emitWarning("PGlite runs unguarded: pglite-guard.ts does not know its build");
  }
  await client.exec(PGLITE_LIBRARIES.map((name) => `LOAD '${name}';`).join("\n"));
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const db = drizzlePglite(client, { schema, logger });
  return { db: db as unknown as Database, engine: "pglite", close: () => client.close() };
}
