import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../test/helper.ts";
import { type DatabaseHandle, openDatabase, selectRows } from "./index.ts";
import { stores } from "./schema.ts";
import { nameStatementsOf, statementNames } from "./statement-names.ts";

describe("statements run again and again are prepared once per connection", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // One connection: the statements below and the look at pg_prepared_statements share it.
    database = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const prepared = () =>
    selectRows<{ name: string; statement: string }>(
      database.db,
      sql`select name, statement from pg_prepared_statements`,
    );

  it("names a statement from its third run and keeps answering the same rows", async () => {
    const read = () =>
      database.db.select({ id: stores.id }).from(stores).where(eq(stores.id, "no-such-store"));
    const storeRead = (p: { statement: string }) =>
      p.statement.includes(`select "id" from "stores" where "stores"."id" = $1`);
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]);
    // Two runs: still parsed each time, so nothing of it is prepared.
    expect((await prepared()).filter(storeRead)).toEqual([]);
    const before = (await prepared()).length;
    for (let run = 0; run < 5; run += 1) expect(await read()).toEqual([]);
    const after = await prepared();
    expect(after.length).toBe(before + 1);
    const named = after.find(storeRead);
    expect(named?.name).toMatch(/^s_[A-Za-z0-9_-]{27}$/);
  });

  it("leaves a statement run once unnamed", async () => {
    await database.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.brandName, "once only"));
    expect((await prepared()).some((p) => p.statement.includes(`"brand_name" = $1`))).toBe(false);
  });
});

describe("a connection names at most its share of statements", () => {
  it("answers every query, naming only the first `perConnection` texts", async () => {
    const created = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      nameStatementsOf(client, statementNames({ fromRun: 1, perConnection: 2 }));
      for (const n of [1, 2, 3, 4]) {
        const { rows } = await client.query({ text: `select $1::int + ${n} as v` }, [n]);
        expect(rows).toEqual([{ v: 2 * n }]);
      }
      const { rows } = await client.query("select count(*)::int as n from pg_prepared_statements");
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
      await created.drop();
    }
  });
});
