import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helper.ts";
import { selectRows } from "./index.ts";
import { embeddedUpkeep } from "./upkeep.ts";

describe("the embedded database's upkeep (it has no autovacuum)", () => {
  it("analyses every table never analysed, then vacuums and analyses those that changed past autovacuum's thresholds", async () => {
    const t = await createTestApp("pglite");
    try {
      const db = t.database.db;
      // The server's job, every five minutes: at first every table is analysed.
      await t.app.jobs.runNow("embedded-database-upkeep");
      const neverAnalysed = await selectRows(
        db,
        sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0`,
      );
      expect(neverAnalysed).toEqual([]);
      expect(await embeddedUpkeep(db)).toEqual([]);

      // Every product saved three times: each time its search entry is replaced, the old one dead;
      // both tables now hold more dead rows than 50 and a fifth of their live ones.
      for (let i = 0; i < 3; i += 1) await db.execute(sql`update products set title = title`);
      expect(await embeddedUpkeep(db)).toEqual(["vacuumed products", "vacuumed search_entries"]);
      const [entries] = await selectRows<{ vacuumed: boolean; analysed: boolean }>(
        db,
        sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
          from pg_stat_user_tables where relname = 'search_entries'`,
      );
      expect(entries).toEqual({ vacuumed: true, analysed: true });
      expect(await embeddedUpkeep(db)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is not a job of a server on PostgreSQL, whose autovacuum does it",
    async () => {
      const t = await createTestApp("postgres");
      try {
        await expect(t.app.jobs.runNow("embedded-database-upkeep")).rejects.toThrow();
      } finally {
        await t.close();
      }
    },
  );
});
