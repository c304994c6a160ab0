import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  expectError,
  GARDEN,
  HEMP,
  PET_STORE,
  PETS,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { selectRows } from "../../db/index.ts";
import { products, searchQueryResults, searchSynonyms, variants } from "../../db/schema.ts";
import { saveDocument } from "../content/service.ts";
import { searchInMemoryUpTo } from "./matches.ts";
import { forgetSearchAnswers } from "./reuse.ts";

interface Results {
  query: string;
  products: { handle: string; product_title: string; currency: string; product_price: number }[];
  productTotal: number;
  pages: { title: string; url: string; summary: string }[];
  pageTotal: number;
  suggestions: {
    conditions: { label: string; url: string }[];
    popular: { handle: string }[];
  } | null;
}

describe("search", () => {
  const statements: string[] = [];
  const t = useTestApp({}, { logQuery: (q) => statements.push(q) });

  async function find(q: string, host = PETS, extra = ""): Promise<Results> {
    const res = await new Visitor(t.app, host).get(
      `/api/search?q=${encodeURIComponent(q)}${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const firstOf = async (q: string) => (await find(q)).products[0]?.handle;

  describe("puts the right remedy first", () => {
    it.each([
      ["itch", "itchy-scratchy"],
      ["itchy dog", "itchy-scratchy"],
      ["scrching", "itchy-scratchy"],
      ["hot spots", "itchy-scratchy"],
      ["fireworks", "no-more-drama"],
      ["Itchy Scratchy", "itchy-scratchy"],
      ["anxious cat", "no-more-drama"],
      ["uti", "pee-pee-issues"],
      ["bladder", "pee-pee-issues"],
      ["arthritis", "ouchie"],
      ["limping", "ouchie"],
      ["joints", "ouchie"],
      ["picky eater", "eat"],
      ["constipated", "cant-poo-poo"],
      ["diarrhoea", "poo-poo-problems"],
      ["senior dog", "forever-young"],
      ["ear infection", "yucky-fungus"],
      ["yeast", "yucky-fungus"],
      ["stress", "no-more-drama"],
      ["alergies", "itchy-scratchy"],
      ["kitten scratching", "itchy-scratchy"],
    ])("%s → %s", async (query, handle) => {
      expect(await firstOf(query)).toBe(handle);
    });
  });

  it("matches a word as it is being typed (prefix)", async () => {
    const typing = await find("drama");
    expect(typing.products[0]?.handle).toBe("no-more-drama");
    const prefix = await find("dram");
    expect(prefix.products[0]?.handle).toBe("no-more-drama");
  });

  it("answers cards priced in the visitor's currency, with how many match in all", async () => {
    const usd = await find("itchy");
    expect(usd.products[0]).toMatchObject({ handle: "itchy-scratchy", currency: "usd" });
    const cad = await find("itchy", PETS, "&currency=cad");
    expect(cad.products[0]?.currency).toBe("cad");
    expect(cad.products[0]?.product_price).not.toBe(usd.products[0]?.product_price);
    const all = await find("dogs", PETS, "&limit=2&type=product");
    expect(all.products).toHaveLength(2);
    expect(all.productTotal).toBeGreaterThanOrEqual(9);
    expect(all.pages).toEqual([]);
  });

  it("answers the same results in the same order from the database for a store too large to keep in memory", async () => {
    const db = t.database.db;
    const queries = [
      "itchy dog",
      "scrching",
      "hot spots",
      "anxious cat",
      "uti",
      "shipping policy",
      "calming cat",
      "senior joint",
    ];
    const answer = async (q: string) => {
      forgetSearchAnswers(db);
      const r = await find(q);
      return { products: r.products.map((p) => p.handle), pages: r.pages.map((p) => p.url) };
    };
    const inMemory = [];
    for (const q of queries) inMemory.push(await answer(q));
    const before = statements.length;
    searchInMemoryUpTo(db, 10);
    try {
      const inDatabase = [];
      for (const q of queries) inDatabase.push(await answer(q));
      expect(inDatabase).toEqual(inMemory);
      // Ranked by the database: the whole query's tsquery, not one word's.
      expect(statements.slice(before).some((q) => q.includes("ts_rank(m.document, m.q)"))).toBe(
        true,
      );
    } finally {
      searchInMemoryUpTo(db);
      forgetSearchAnswers(db);
    }
  });

  it("finds content pages: the shipping policy and the FAQ", async () => {
    const shipping = await find("shipping policy");
    expect(shipping.pages[0]).toMatchObject({
      title: expect.stringMatching(/shipping/i),
      url: "/policies/shipping-policy",
    });
    const faq = await find("frequently asked", PETS, "&type=page");
    expect(faq.pages.map((p) => p.url)).toContain("/pages/faq");
    expect(faq.products).toEqual([]);
    // Text inside a page's sections is found too.
    const canada = await find("ship to canada", PETS, "&type=page");
    expect(canada.pages.map((p) => p.url)).toContain("/pages/faq");
  });

  it("never answers another store's products, nor hidden ones, and follows a change at once", async () => {
    const hemp = await find("itchy", HEMP);
    expect(hemp.products.map((p) => p.handle)).not.toContain("itchy-scratchy");
    const garden = await find("itchy scratchy", GARDEN);
    expect(garden.products).toEqual([]);

    const db = t.database.db;
    expect(await firstOf("appetite")).toBe("eat");
    await db.update(products).set({ published: false }).where(eq(products.handle, "eat"));
    forgetSearchAnswers(db);
    try {
      expect((await find("appetite")).products.map((p) => p.handle)).not.toContain("eat");
    } finally {
      await db.update(products).set({ published: true }).where(eq(products.handle, "eat"));
      forgetSearchAnswers(db);
    }
    expect(await firstOf("appetite")).toBe("eat");

    // A variant's new attribute is searchable, and a new page too.
    const [variant] = await db
      .select({ id: variants.id, attributes: variants.attributes })
      .from(variants)
      .where(eq(variants.sku, "OUCHIE-1"));
    await db
      .update(variants)
      .set({ attributes: { ...variant?.attributes, Flavour: "Salmonberry" } })
      .where(eq(variants.id, variant?.id ?? ""));
    forgetSearchAnswers(db);
    expect(await firstOf("salmonberry")).toBe("ouchie");
    await saveDocument(db, PET_STORE, "master", "grooming-guide", {
      title: "Grooming guide",
      "text-1": "<p>Brushing a long-haired cat every week keeps mats away.</p>",
    });
    forgetSearchAnswers(db);
    expect((await find("mats", PETS, "&type=page")).pages[0]?.url).toBe("/pages/grooming-guide");

    // A page deleted, a product renamed and one deleted leave the index with them.
    await saveDocument(db, PET_STORE, "layout", "grooming-layout", {
      title: "Layout only",
      "text-1": "<p>Grooming layout words never searched.</p>",
    });
    forgetSearchAnswers(db);
    expect((await find("layout only", PETS, "&type=page")).pages).toEqual([]);
    await db.execute(
      sql`delete from documents where store_id = ${PET_STORE} and name = 'grooming-guide'`,
    );
    forgetSearchAnswers(db);
    expect((await find("mats", PETS, "&type=page")).pages.map((p) => p.url)).not.toContain(
      "/pages/grooming-guide",
    );
    await db
      .update(variants)
      .set({ attributes: variant?.attributes ?? {} })
      .where(eq(variants.id, variant?.id ?? ""));
    forgetSearchAnswers(db);
    expect((await find("salmonberry")).products.map((p) => p.handle)).not.toContain("ouchie");

    const [made] = await db
      .insert(products)
      .values({
        storeId: PET_STORE,
        handle: "test-lavender-balm",
        title: "Lavender Paw Balm",
        descriptionHtml: "<p>A balm.</p>",
        metaDescription: "A balm.",
      })
      .returning({ id: products.id });
    forgetSearchAnswers(db);
    expect((await find("lavender")).productTotal).toBe(0); // no price yet: not sold, not shown
    await db
      .update(products)
      .set({ handle: "test-rosemary-balm", title: "Rosemary Paw Balm" })
      .where(eq(products.id, made?.id ?? ""));
    forgetSearchAnswers(db);
    const renamed = await selectRows(
      db,
      sql`select title, path from search_entries where ref = ${made?.id ?? ""}`,
    );
    expect(renamed).toEqual([{ title: "Rosemary Paw Balm", path: "/products/test-rosemary-balm" }]);
    await db.delete(products).where(eq(products.id, made?.id ?? ""));
    forgetSearchAnswers(db);
    const gone = await selectRows(
      db,
      sql`select 1 from search_entries where ref = ${made?.id ?? ""}`,
    );
    expect(gone).toEqual([]);
  });

  it("reads the index once for a query asked again, until the store's entries or synonyms change", async () => {
    const db = t.database.db;
    const indexReads = () => statements.filter((q) => q.includes("from search_entries e")).length;
    forgetSearchAnswers(db);
    expect(await firstOf("dram")).toBe("no-more-drama");
    const read = indexReads();
    // The whole answers (cards and prices, kept 5 s) forgotten: the index's answer is still kept.
    forgetSearchAnswers(db);
    expect(await firstOf("dram")).toBe("no-more-drama");
    expect(indexReads()).toBe(read);

    // A synonym added is a change of the store's search: the next query reads the index again.
    await db
      .insert(searchSynonyms)
      .values({ storeId: PET_STORE, term: "dram", expandsTo: "urinary" });
    try {
      forgetSearchAnswers(db);
      const handles = (await find("dram")).products.map((p) => p.handle);
      expect(handles).toContain("pee-pee-issues");
      expect(indexReads()).toBeGreaterThan(read);
    } finally {
      await db
        .delete(searchSynonyms)
        .where(and(eq(searchSynonyms.storeId, PET_STORE), eq(searchSynonyms.term, "dram")));
      forgetSearchAnswers(db);
    }
    expect((await find("dram")).products.map((p) => p.handle)).not.toContain("pee-pee-issues");
  });

  it("answers a query never asked before, of words asked before, without reading the index", async () => {
    const db = t.database.db;
    const indexReads = () => statements.filter((q) => q.includes("search_entries")).length;
    forgetSearchAnswers(db);
    await find("calming");
    await find("cat");
    const read = indexReads();
    const both = await find("cat calming");
    expect(both.products[0]?.handle).toBe("no-more-drama");
    expect(indexReads()).toBe(read);
    // Each word's matches are its own: the pair finds only what both words find.
    const calming = (await find("calming")).products.map((p) => p.handle);
    const cat = (await find("cat")).products.map((p) => p.handle);
    for (const p of both.products) {
      expect(calming).toContain(p.handle);
      expect(cat).toContain(p.handle);
    }
  });

  it("answers every query the shopper may type, never an error: stop words, short prefixes, digits, other scripts", async () => {
    for (const q of [
      "the",
      "a",
      "s",
      "and or not",
      "b12",
      "x".repeat(100),
      "ﬃ".repeat(30),
      "日本",
      "Crème",
      "!!!",
      "it's",
    ]) {
      const res = await new Visitor(t.app, PETS).get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    // A prefix that is also a stop word ("do", "it") still finds what it starts.
    expect((await find("do")).productTotal).toBeGreaterThanOrEqual(9);
    expect((await find("it")).products.map((p) => p.handle)).toContain("itchy-scratchy");
    // An apostrophe is nothing: "cant" and "can't" find Can't Poo Poo.
    expect(await firstOf("cant poo")).toBe("cant-poo-poo");
    expect(await firstOf("can't poo")).toBe("cant-poo-poo");
    // A word being typed past its stem ("soothi…") still finds the word.
    expect(await firstOf("scratc")).toBe("itchy-scratchy");
  });

  it("answers nothing, not an error, for words that match nothing, with the store's conditions and favourites to try", async () => {
    const none = await find("zzqx plorb");
    expect(none).toMatchObject({ products: [], pages: [], productTotal: 0, pageTotal: 0 });
    expect(none.suggestions?.conditions).toContainEqual({
      label: "Allergies",
      url: "/collections/liquid-dog-vitamins-supplements?condition=allergies",
    });
    expect(none.suggestions?.conditions).toHaveLength(9);
    // The four most reviewed, best rated first among equals, as the catalogue's cards show them.
    const listed = await new Visitor(t.app, PETS).get("/api/products");
    const cards: { handle: string; review_count: number; review_average: number }[] =
      listed.json().products;
    const mostReviewed = [...cards]
      .sort((a, b) => b.review_count - a.review_count || b.review_average - a.review_average)
      .slice(0, 4)
      .map((c) => c.handle);
    expect(none.suggestions?.popular.map((c) => c.handle)).toEqual(mostReviewed);
    expect((await find("!!!")).products).toEqual([]);
    // A search that found something suggests nothing.
    expect((await find("itchy")).suggestions).toBeNull();
  });

  it("refuses an empty or over-long query, a bad limit and an unknown type with 400 and a message", async () => {
    const v = new Visitor(t.app, PETS);
    expectError(
      await v.get("/api/search?q=%20%20"),
      400,
      "invalid",
      "q: Enter something to search for.",
    );
    expectError(await v.get("/api/search"), 400, "invalid", "q: Enter something to search for.");
    expectError(
      await v.get(`/api/search?q=${"a".repeat(101)}`),
      400,
      "invalid",
      "q: Searches are limited to 100 characters.",
    );
    expectError(
      await v.get("/api/search?q=dog&limit=0"),
      400,
      "invalid",
      "limit: Must be a whole number from 1 to 50.",
    );
    expectError(
      await v.get("/api/search?q=dog&type=reviews"),
      400,
      "invalid",
      "type: Must be one of: all, product, page.",
    );
  });

  it("is in the OpenAPI document", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json", headers: { host: PETS } });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/api/search", "/api/admin/search-queries"]),
    );
  });

  describe("GET /api/admin/search-queries", () => {
    it("lists the store's most searched queries and those that found nothing, from its visits", async () => {
      const v = new Visitor(t.app, PETS);
      const visit = await v.post("/metrics/initialize", { store_id: PET_STORE });
      expect(visit.statusCode, visit.body).toBe(200);
      // What the shopper's searches found (the search call notes it).
      await find("fireworks");
      await find("zzqx plorb");
      const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
      const search = (query: string, s: number, duration: number | null) => ({
        query,
        timestamp: at(s),
        duration,
        scrolledProducts: [],
        clickedProducts: [],
      });
      const state = {
        cartEvents: [],
        productPageViews: [],
        pagesViewed: 1,
        viewedPages: [{ path: "/", timestamp: at(0), duration: 1 }],
        searchHistory: [
          search("fireworks", 1, 4),
          search("Zzqx plorb", 5, 3),
          search("fireworks ", 8, 2),
          search("jane@example.com", 10, 1),
          search("order 1234567", 11, null),
        ],
        userEmail: null,
        attribution: null,
        cartStatus: "empty",
        totalViewTime: 10,
        sessionStartTime: at(0),
      };
      const sent = await v.post("/metrics/update-session-data", state);
      expect(sent.statusCode, sent.body).toBe(204);
      await t.app.analytics.flush();
      await expect
        .poll(async () =>
          (await t.database.db.select().from(searchQueryResults)).map((r) => r.query).sort(),
        )
        .toEqual(expect.arrayContaining(["zzqx plorb"]));
      // A query that finds something is not kept.
      expect(
        (await t.database.db.select().from(searchQueryResults)).map((r) => r.query),
      ).not.toContain("fireworks");

      const admin = (await signedInVisitor(t.app, t.database.db, { userType: "admin" })).v;
      const res = await admin.get("/api/admin/search-queries?days=7");
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report.days).toBe(7);
      expect(report.topQueries).toEqual([
        { query: "fireworks", searches: 2 },
        { query: "zzqx plorb", searches: 1 },
      ]);
      expect(report.noResults).toEqual([{ query: "zzqx plorb", searches: 1 }]);
    });

    it("refuses a visitor (401), a shopper (a missing route's 404) and bad days (400)", async () => {
      expect((await new Visitor(t.app, PETS).get("/api/admin/search-queries")).statusCode).toBe(
        401,
      );
      const shopper = (await signedInVisitor(t.app, t.database.db)).v;
      expect((await shopper.get("/api/admin/search-queries")).statusCode).toBe(404);
      const admin = (await signedInVisitor(t.app, t.database.db, { userType: "admin" })).v;
      expectError(
        await admin.get("/api/admin/search-queries?days=0"),
        400,
        "invalid",
        "days: Must be a whole number from 1 to 365.",
      );
    });
  });
});
