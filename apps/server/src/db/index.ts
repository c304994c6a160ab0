import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ExtractTablesWithRelations, eq, is, isNull, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import {
  type PgColumn,
  type PgDatabase,
  type PgQueryResultHKT,
  PgTransaction,
} from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";
import { nameStatementsOf, statementNames } from "./statement-names.ts";
import { EVERY_STORE, scopedPool } from "./store-scope.ts";

export type Schema = typeof schema;
/** The one database type services see (drizzle over node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

/** The identity each handle's two views share (`db` and `acrossStores`). */
const databaseKeys = new WeakMap<Database, object>();

/**
 * What a cache kept per database is keyed on: the same for both views of one handle, so that a
 * change written across stores forgets what the store-scoped view kept (and a transaction, or a
 * database of no handle, is its own key).
 */
export function databaseKey(db: Database): object {
  return databaseKeys.get(db) ?? db;
}

/** The rows of a raw SQL query. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  // node-postgres answers a QueryResult, whose `rows` drizzle's generic type does not name.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs independent reads: at once on the pool, one after another in a transaction, whose one
 * connection runs one statement at a time (node-postgres queues the others and warns).
 */
export async function readTogether<T extends readonly unknown[]>(
  // A transaction is a Database too; which one it is decides how the reads run.
  db: Database,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const answers: unknown[] = [];
  if (!is(db, PgTransaction)) answers.push(...(await Promise.all(reads.map((read) => read()))));
  else for (const read of reads) answers.push(await read());
  // The answers are in the reads' order, so each has its read's type.
  return answers as unknown as T;
}

/** A LIKE pattern that finds the text anywhere, its own %, _ and \ taken literally. */
/** `column = value`, or `column is null` when the value is null (SQL's = never matches null). */
export function equalOrNull(column: PgColumn, value: string | null): SQL {
  return value === null ? isNull(column) : eq(column, value);
}

export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An error with its stack, for a log line. */
export function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export interface DatabaseHandle {
  /** Each statement sees the rows of its code's store only (store-scope.ts). */
  db: Database;
  /**
   * The same pool, every statement seeing every store: for a tool that works across stores
   * (seeding, the command-line tools, a test's own reads), the database form of acrossStores.
   */
  acrossStores: Database;
  /** The database's URL (the cache listener and the job queue open connections of their own). */
  url: string;
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

/** PostgreSQL through node-postgres, migrated before it is returned. */
export async function openDatabase(options: {
  databaseUrl: string;
  /** Sees every SQL statement the app runs through Drizzle (tests count them). */
  logQuery?: (query: string) => void;
  /** How long to wait for a connection and for a statement. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Connections in the pool (10). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  const logQuery = options.logQuery;
  const logger = logQuery ? { logQuery: (query: string) => logQuery(query) } : undefined;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const connection = {
    connectionString: options.databaseUrl,
    // A database that refuses or does not answer fails a request within seconds (a 503), and
    // the pool reconnects on the next request once it is back: no restart needed.
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.statementMs + 1_000,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
  };
  await migrate(connection);
  // Row-level security holds the server's statements to their store (store-scope.ts): each pool's
  // connections take their role as they open, so that RESET ROLE comes back to it.
  const storePool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    options: `-c role=${STORE_ROLE}`,
  });
  const acrossPool = new pg.Pool({
    ...connection,
    // Host resolution (once per host and half minute), the jobs, the platform's screens.
    max: Math.max(2, Math.ceil((options.poolSize ?? 10) / 2)),
    options: `-c role=${ACROSS_ROLE}`,
  });
  // The statements run again and again are parsed and planned once per connection.
  const names = statementNames();
  let closing = false;
  for (const pool of [storePool, acrossPool]) {
    pool.on("connect", (client) => nameStatementsOf(client, names));
    // An idle connection the server drops (restart, failover, shutdown) is replaced on next use;
    // without a listener its error would crash the process.
    pool.on("error", (error) => {
      if (!closing) process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
  }
  const pools = { store: storePool, across: acrossPool };
  const db = drizzleNodePg(scopedPool(pools), { schema, logger });
  const everyStore = drizzleNodePg(
    scopedPool(pools, () => EVERY_STORE),
    { schema, logger },
  );
  const views = { db: db as unknown as Database, acrossStores: everyStore as unknown as Database };
  const key = {};
  databaseKeys.set(views.db, key);
  databaseKeys.set(views.acrossStores, key);
  return {
    ...views,
    url: options.databaseUrl,
    close: async () => {
      closing = true;
      await Promise.all([storePool.end(), acrossPool.end()]);
    },
  };
}

/** The roles of migration 0049: one store's rows, and every store's (acrossStores). */
const STORE_ROLE = "storefront_app";
const ACROSS_ROLE = "storefront_across";

/**
 * Migrates the database on a connection of its own, as the database's user (not as a role of the
 * server's pools), and checks that the user may take both roles.
 */
async function migrate(connection: pg.ClientConfig): Promise<void> {
  // Several instances may start at once: one migrates, the others wait for it.
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    const { rows } = await client.query<{ role: string }>(
      `select wanted as role from unnest($1::text[]) as wanted
        where not exists (select from pg_roles r where r.rolname = wanted
                           and pg_has_role(current_user, r.oid, 'MEMBER'))`,
      [[STORE_ROLE, ACROSS_ROLE]],
    );
    if (rows.length > 0) {
      const missing = rows.map((row) => row.role).join(" and ");
      throw new Error(
        `The database user cannot take the role ${missing} (migration 0049 makes them): create it (CREATE ROLE … NOLOGIN) and grant it to the user`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs maintenance (VACUUM, ANALYZE) as the database's own user, on a connection of its own: the
 * server's role may read and write the rows, not maintain the tables.
 */
export async function maintainAsOwner(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
