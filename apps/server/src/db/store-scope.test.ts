import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEMP, HEMP_STORE, PET_STORE, PETS } from "../../test/fixtures.ts";
import { createTestApp, openTestDatabase, type TestApp } from "../../test/helper.ts";
import { Visitor } from "../../test/visitor.ts";
import { type Database, openDatabase, selectRows } from "./index.ts";
import { loadDemoStores } from "./seed/index.ts";
import { acrossStores, inStore } from "./store-scope.ts";

/** The handles of every product, read with no store filter at all. */
const unfilteredHandles = async (db: Database): Promise<string[]> =>
  (await selectRows<{ handle: string }>(db, sql`select handle from products order by handle`)).map(
    (row) => row.handle,
  );

const storesOf = async (db: Database): Promise<string[]> =>
  (
    await selectRows<{ store_id: string }>(
      db,
      sql`select distinct store_id from products order by store_id`,
    )
  ).map((row) => row.store_id);

/** PostgreSQL's refusal of a row its policy does not allow. */
const REFUSED_BY_POLICY = { cause: { code: "42501" } };

describe("store isolation by row-level security", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          // A route that forgets its store filter, as a bug would.
          app.get("/api/test/unfiltered-products", async () => ({
            handles: await unfilteredHandles(app.db),
          }));
        },
      },
    );
  });
  afterAll(() => t.close());

  it("a request's query that forgets its store filter still sees only the request's store", async () => {
    const expected = async (storeId: string) =>
      (
        await selectRows<{ handle: string }>(
          t.database.db,
          sql`select handle from products where store_id = ${storeId} order by handle`,
        )
      ).map((row) => row.handle);
    for (const [host, storeId] of [
      [PETS, PET_STORE],
      [HEMP, HEMP_STORE],
    ] as const) {
      const res = await new Visitor(t.app, host).get("/api/test/unfiltered-products");
      expect(res.statusCode, res.body).toBe(200);
      const { handles } = res.json() as { handles: string[] };
      expect(handles.length).toBeGreaterThan(0);
      expect(handles).toEqual(await expected(storeId));
    }
  });

  it("code outside any store's scope sees no store's rows and cannot write one", async () => {
    const scoped = t.database.storeScoped;
    expect(await unfilteredHandles(scoped)).toEqual([]);
    await expect(
      scoped.execute(sql`update products set title = title || '!' where store_id = ${PET_STORE}`),
    ).resolves.toMatchObject({ rowCount: 0 });
    await expect(
      scoped.execute(
        sql`insert into documents (store_id, kind, name, data) values (${PET_STORE}, 'layout', 'x.json', '{}')`,
      ),
    ).rejects.toMatchObject(REFUSED_BY_POLICY);
  });

  it("a store's scope cannot write a row of another store", async () => {
    await expect(
      inStore(PET_STORE, () =>
        t.database.storeScoped.execute(
          sql`insert into documents (store_id, kind, name, data) values (${HEMP_STORE}, 'layout', 'x.json', '{}')`,
        ),
      ),
    ).rejects.toMatchObject(REFUSED_BY_POLICY);
    // Nor move one of its own rows to another store.
    await expect(
      inStore(PET_STORE, () =>
        t.database.storeScoped.execute(
          sql`update products set store_id = ${HEMP_STORE} where store_id = ${PET_STORE}`,
        ),
      ),
    ).rejects.toMatchObject(REFUSED_BY_POLICY);
  });

  it("sees every store only through acrossStores", async () => {
    const all = await storesOf(t.database.db);
    expect(all).toEqual(expect.arrayContaining([PET_STORE, HEMP_STORE]));
    expect(await acrossStores(() => storesOf(t.database.storeScoped))).toEqual(all);
    expect(await inStore(HEMP_STORE, () => storesOf(t.database.storeScoped))).toEqual([HEMP_STORE]);
  });

  it("holds the tables' children to their parent's store", async () => {
    const collectionStores = (db: Database) =>
      selectRows<{ store_id: string }>(
        db,
        sql`select distinct c.store_id from collection_products cp join collections c on c.id = cp.collection_id`,
      );
    const unjoined = (db: Database) =>
      selectRows<{ n: number }>(db, sql`select count(*)::int as n from collection_products`);
    const all = await unjoined(t.database.db);
    const pets = await inStore(PET_STORE, () => unjoined(t.database.storeScoped));
    expect(pets[0]?.n).toBeGreaterThan(0);
    expect(pets[0]?.n).toBeLessThan(all[0]?.n ?? 0);
    expect(await inStore(PET_STORE, () => collectionStores(t.database.storeScoped))).toEqual([
      { store_id: PET_STORE },
    ]);
  });

  it("puts every table that belongs to a store under a policy its owner cannot skip, and runs the server as a role without the power to skip it", async () => {
    const tables = await selectRows<{ name: string; secured: boolean; forced: boolean }>(
      t.database.db,
      sql`select c.relname as name, c.relrowsecurity as secured, c.relforcerowsecurity as forced
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    const withStore = new Set(
      (
        await selectRows<{ table_name: string }>(
          t.database.db,
          sql`select table_name from information_schema.columns
               where table_schema = 'public' and column_name = 'store_id'`,
        )
      ).map((row) => row.table_name),
    );
    const unsecured = tables.filter((table) => !(table.secured && table.forced));
    // The platform's own tables, which belong to no store.
    expect(unsecured.map((table) => table.name)).toEqual([
      "payment_events",
      "platform_operators",
      "platform_tokens",
      "server_secrets",
    ]);
    for (const name of withStore) expect(unsecured.map((table) => table.name)).not.toContain(name);
    const roleOf = async (db: Database) =>
      (
        await selectRows<{ user: string; skips: boolean }>(
          db,
          sql`select current_user as user, r.rolsuper or r.rolbypassrls as skips
                from pg_roles r where r.rolname = current_user`,
        )
      )[0];
    expect(await inStore(PET_STORE, () => roleOf(t.database.storeScoped))).toEqual({
      user: "storefront_app",
      skips: false,
    });
    expect(await roleOf(t.database.db)).toEqual({ user: "storefront_across", skips: false });
    // And a statement cannot leave its role for the database user's.
    await expect(
      inStore(PET_STORE, () =>
        t.database.storeScoped.transaction(async (tx) => {
          await tx.execute(sql`reset role`);
          return roleOf(tx);
        }),
      ),
    ).resolves.toEqual({ user: "storefront_app", skips: false });
  });
});

describe("one connection, many stores", () => {
  it("gives each statement its own store's rows, however the stores take turns on the connection", async () => {
    const database = await openTestDatabase();
    try {
      await loadDemoStores(database.db);
      // A second handle on the same database, with a pool of one connection.
      const one = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
      try {
        // Twenty statements of two stores at once on a pool of one connection: each waits for
        // the connection another store's statement frees.
        const asked = Array.from({ length: 20 }, (_, i) => (i % 2 ? PET_STORE : HEMP_STORE));
        const answers = await Promise.all(
          asked.map((storeId) => inStore(storeId, () => storesOf(one.db))),
        );
        expect(answers).toEqual(asked.map((storeId) => [storeId]));
        // And in transactions.
        const inTransactions = await Promise.all(
          asked.map((storeId) => inStore(storeId, () => one.db.transaction((tx) => storesOf(tx)))),
        );
        expect(inTransactions).toEqual(asked.map((storeId) => [storeId]));
      } finally {
        await one.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
