import { sql } from "drizzle-orm";
import { type Database, selectRows } from "./index.ts";

/**
 * PostgreSQL's autovacuum thresholds: a table is vacuumed once more than 50 rows plus a fifth of
 * it are dead, and analysed once more than 50 rows plus a tenth of it changed since the last time.
 */
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;

/**
 * What autovacuum does for PostgreSQL, for the embedded database, which has none: each table
 * past autovacuum's thresholds is vacuumed (its dead rows' space reused) or analysed (so the
 * planner knows its size: a search on a large catalogue is several times slower without), and a
 * table never analysed is analysed. The counts are this process's (PGlite starts them afresh at
 * each start), so a bulk load by another process should analyse after itself, as
 * bench/generate-catalog.ts does. Answers what it did, table by table.
 */
export async function embeddedUpkeep(db: Database): Promise<string[]> {
  // The counts of this process's latest writes, too (they are otherwise sent within a second).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await selectRows<{ name: string; vacuum: boolean }>(
    db,
    sql`
    select s.relname as name,
      s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SHARE} * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and (
      c.reltuples < 0
      or s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0)
    )
    order by s.relname`,
  );
  const done: string[] = [];
  for (const table of tables) {
    // One table at a time: the embedded database answers nothing else meanwhile.
    await db.execute(
      table.vacuum
        ? sql`vacuum (analyze) ${sql.identifier(table.name)}`
        : sql`analyze ${sql.identifier(table.name)}`,
    );
    done.push(`${table.vacuum ? "vacuumed" : "analysed"} ${table.name}`);
  }
  return done;
}
