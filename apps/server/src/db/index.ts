import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type services see, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
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
}): Promise<DatabaseHandle> {
  const logQuery = options.logQuery;
  const logger = logQuery ? { logQuery: (query: string) => logQuery(query) } : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const db = drizzlePglite(client, { schema, logger });
  return { db: db as unknown as Database, engine: "pglite", close: () => client.close() };
}
