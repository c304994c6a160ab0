import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET_STORE, PETS, setStock, signedInVisitor } from "../test/fixtures.ts";
import { createPostgresDatabase, createTestApp, type TestApp, testConfig } from "../test/helper.ts";
import { Visitor } from "../test/visitor.ts";
import { buildApp } from "./app.ts";
import { type Database, openDatabase } from "./db/index.ts";
import { documents, products, reviews, variantPrices, variants } from "./db/schema.ts";
import { loadDemoStores } from "./db/seed/index.ts";
import { pageEncoding } from "./web-shared-pages.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
const PRODUCT = "/products/itchy-scratchy";
const COLLECTION = "/collections/liquid-dog-vitamins-supplements";

/** Asks for `url` until `done` holds (a change notice arrives when its transaction commits). */
async function eventually(
  ask: () => Promise<{ headers: Record<string, unknown>; body: string }>,
  done: (res: { headers: Record<string, unknown>; body: string }) => boolean,
) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await ask();
    if (done(res) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the encoding a cached page is sent in", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", "identity"],
    [undefined, "identity"],
  ])("Accept-Encoding %s gets %s", (accept, encoding) => {
    expect(pageEncoding(accept)).toBe(encoding);
  });
});

describe.skipIf(!HAS_WEB_BUILD)("pages shared by visitors (needs npm run build)", () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ webBuildDir: WEB_BUILD }, { web: true });
    app = t.app;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { host: PETS, ...headers } });

  it("a guest, a customer with a cart and a CAD visitor share pages; a wholesale account gets its own, at trade prices, never kept", async () => {
    const { v: customer, user } = await signedInVisitor(app, t.database.db, {
      firstName: "Rosalind",
    });
    expect(
      (await customer.post("/api/cart/items", { sku: "ITCHY-1", quantity: 3 })).statusCode,
    ).toBe(200);
    const { v: wholesale, user: trade } = await signedInVisitor(app, t.database.db, {
      firstName: "Bartholomew",
      userType: "wholesale",
    });
    const guest = new Visitor(app, PETS);
    const canadian = new Visitor(app, PETS, { "accept-language": "en-CA,en;q=0.9" });

    // Forever Young: $44.95 retail, $26.97 at the demo's 40 % trade discount.
    const url = "/products/forever-young";
    const first = await customer.get(url);
    const tradePage = await wholesale.get(url);
    const answers = [first, await guest.get(url), await canadian.get(url)];
    for (const res of [...answers, tradePage]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
      for (const secret of [user.email, "Rosalind"]) expect(res.body).not.toContain(secret);
    }
    for (const res of answers) {
      for (const secret of [trade.email, "Bartholomew"]) expect(res.body).not.toContain(secret);
      // The header's cart count is the browser's to fill in after hydration.
      expect(res.body).toMatch(/class="cart-count[^"]*"[^>]*>0</);
      expect(res.body).not.toContain("$26.97");
    }
    expect(answers.map((res) => res.headers["x-page-cache"])).toEqual(["miss", "hit", "miss"]);
    expect(answers[1]?.body).toBe(first.body);
    expect(first.body).toContain("$44.95");
    expect(first.body).not.toMatch(/CA\$\d/);
    expect(answers[2]?.body).toMatch(/CA\$\d/);

    // The trade page is rendered for its account alone: trade prices, no shared cache, and no
    // browser or proxy may keep it.
    expect(tradePage.headers["x-page-cache"]).toBeUndefined();
    expect(tradePage.headers["cache-control"]).toBe("private, no-store");
    expect(tradePage.body).toContain("$26.97");
    expect(tradePage.body).not.toContain("$44.95");
    // The guest asking again after it still gets the shared retail page.
    const again = await guest.get(url);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.body).toBe(first.body);

    // Each still gets their own cart and name from the API the page asks after hydration.
    expect((await customer.get("/api/cart")).json().itemCount).toBe(3);
    expect((await guest.get("/api/cart")).json().itemCount).toBe(0);
    expect((await wholesale.get("/v2/auth/status")).json().user.first_name).toBe("Bartholomew");
  });

  it("a shopper who chose CAD by cookie gets the CAD page, not the one cached for USD", async () => {
    await get(PRODUCT);
    const res = await get(PRODUCT, { cookie: "currency=cad" });
    expect(res.body).toMatch(/CA\$\d/);
  });

  it("sends Cache-Control for a CDN, Vary on what the page depends on, and a 304 for a known ETag", async () => {
    const res = await get(PRODUCT, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=30",
    );
    expect(res.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(res.headers["content-encoding"]).toBe("br");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(PRODUCT, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
  });

  it("a shared page allows its inline scripts by their hashes, since it cannot carry one answer's nonce", async () => {
    const res = await get(PRODUCT);
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).not.toContain("nonce-");
    expect(res.body).not.toContain("nonce=");
    const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs = ""]) => !/\bsrc=|application\/ld\+json/.test(attrs),
    );
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import("node:crypto");
    for (const [, , text = ""] of inline) {
      const hash = createHash("sha256").update(text).digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
  });

  it("a HEAD asks for the same page as a GET, and never leaves an empty one for the GETs", async () => {
    const url = "/products/no-more-drama";
    const head = await app.inject({ method: "HEAD", url, headers: { host: PETS } });
    expect(head.statusCode).toBe(200);
    const res = await get(url);
    expect(res.headers["x-page-cache"]).toBe("hit");
    expect(res.body).toContain("<!DOCTYPE html>");
  });

  it("tracking parameters share the page; a one-time review link's page is not shared", async () => {
    const first = await get("/products/eat?utm_source=mail&fbclid=abc");
    const second = await get("/products/eat?utm_source=other");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers.etag).toBe(first.headers.etag);
    const variant = await get("/products/eat?variant=EAT-2");
    expect(variant.headers.etag).not.toBe(first.headers.etag);
    const link = await get("/products/eat?review=not-a-real-token");
    expect(link.statusCode).toBe(200);
    expect(link.headers["x-page-cache"]).toBeUndefined();
    expect(link.headers["cache-control"]).not.toContain("public");
  });

  it("React Router's route manifest (lazy route discovery) is answered with its own query, not as a shared page", async () => {
    const html = (await get(PRODUCT)).body;
    const version = /"version":\s*"([\w-]+)"/.exec(html)?.[1];
    expect(version).toBeDefined();
    const res = await get(`/__manifest?paths=%2Fcollections%2Fx&version=${version}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-page-cache"]).toBeUndefined();
    expect(res.json()).toHaveProperty(["routes/collection"]);
  });

  it("a page about one visitor (cart, checkout, account) is never shared", async () => {
    for (const url of ["/cart", "/checkout", "/account/sign-in"]) {
      const res = await get(url);
      expect(res.headers["x-page-cache"], url).toBeUndefined();
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("a stock level the page can tell drops it at once; one it cannot keeps it", async () => {
    await setStock(t.database.db, "ITCHY-1", 150);
    // The notice of this change comes after its commit, and would drop a page cached before it
    // arrived: let it arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await eventually(
      () => get(PRODUCT),
      (res) => res.headers["x-page-cache"] === "hit",
    );
    // 150 → 149: more than any quantity picker offers (99).
    await setStock(t.database.db, "ITCHY-1", 149);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(PRODUCT)).headers["x-page-cache"]).toBe("hit");
    // 149 → 40: 'In stock' still, but the pickers check 40 now.
    await setStock(t.database.db, "ITCHY-1", 40);
    const forty = await eventually(
      () => get(PRODUCT),
      (res) => res.headers["x-page-cache"] === "miss",
    );
    expect(forty.headers["x-page-cache"]).toBe("miss");
    // 40 → 4: 'Only 4 left in stock'.
    await setStock(t.database.db, "ITCHY-1", 4);
    const fourLeft = /Only (?:<!-- -->)?4(?:<!-- -->)? left in stock/;
    const res = await eventually(
      () => get(PRODUCT),
      (r) => fourLeft.test(r.body),
    );
    expect(res.body).toMatch(fourLeft);
  });

  it("a price change drops the product's page and every page listing it", async () => {
    await get("/");
    await get(COLLECTION);
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    const [variant] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "ITCHY-1")));
    await t.database.db
      .update(variantPrices)
      .set({ amount: 1234 })
      .where(
        and(eq(variantPrices.variantId, variant?.id ?? ""), eq(variantPrices.currency, "usd")),
      );
    for (const url of ["/", COLLECTION, PRODUCT]) {
      const res = await eventually(
        () => get(url),
        (r) => r.body.includes("$12.34"),
      );
      expect(res.body, url).toContain("$12.34");
    }
  });

  it("a collection's sort and filters are pages of their own, and a tracking parameter beside them shares one", async () => {
    const all = await get(COLLECTION);
    const cats = await get(`${COLLECTION}?pet=cat&utm_source=mail`);
    expect(cats.statusCode).toBe(200);
    expect(cats.body).toContain("Showing 11 of 11 products");
    expect(cats.headers.etag).not.toBe(all.headers.etag);
    const again = await get(`${COLLECTION}?pet=cat`);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers.etag).toBe(cats.headers.etag);
    const pain = await get(`${COLLECTION}?pet=cat&condition=pain&sort=price-desc`);
    expect(pain.body).toContain("Showing 1 of 11 products");
    const bad = await get(`${COLLECTION}?sort=cheapest`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("This collection link is not valid");
  });

  it("a new review's rating reaches the cards of every page listing its product", async () => {
    const card = (await get("/api/products"))
      .json()
      .products.find((p: { handle: string }) => p.handle === "eat");
    const before = `(${card.review_count})`;
    const after = `(${card.review_count + 1})`;
    expect((await get(COLLECTION)).body).toContain(before);
    await get("/");
    const [product] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "eat")));
    await t.database.db.insert(reviews).values({
      storeId: PET_STORE,
      productId: product?.id ?? "",
      reviewId: "page-cache-test-review",
      rating: 5,
      description: "My old dog eats again.",
      reviewerName: "Test Reviewer",
      reviewerEmail: "reviewer@example.com",
    });
    for (const url of ["/", COLLECTION]) {
      const res = await eventually(
        () => get(url),
        (r) => r.body.includes(`${card.review_count + 1} reviews`),
      );
      expect(res.body, url).toContain(after);
    }
  });

  it("a review hidden by the owner leaves its product's page", async () => {
    const latest = (await get("/api/products/itchy-scratchy/reviews")).json().reviews[0];
    const text: string = latest.review_description;
    expect((await get(PRODUCT)).body).toContain(text);
    await t.database.db
      .update(reviews)
      .set({ hidden: true })
      .where(and(eq(reviews.storeId, PET_STORE), eq(reviews.reviewId, latest.review_id)));
    const res = await eventually(
      () => get(PRODUCT),
      (r) => !r.body.includes(text),
    );
    expect(res.body).not.toContain(text);
  });

  it("a change to the store's content drops all its pages", async () => {
    await get("/pages/about");
    await get(PRODUCT);
    await t.database.db
      .update(documents)
      .set({ updatedAt: new Date() })
      .where(eq(documents.storeId, PET_STORE));
    for (const url of ["/pages/about", PRODUCT]) {
      const res = await eventually(
        () => get(url),
        (r) => r.headers["x-page-cache"] === "miss",
      );
      expect(res.headers["x-page-cache"], url).toBe("miss");
    }
  });

  it("a home page places the products under its own heading, or shows them after it", async () => {
    const home = (await get("/")).body;
    expect(home).toMatch(/<h2 id="item-\d+-title" class="section-title">Shop by condition<\/h2>/);
    expect(home).not.toContain("Our products");
    // A home page without the widget (a store that never placed it).
    const where = and(
      eq(documents.storeId, PET_STORE),
      eq(documents.kind, "master"),
      eq(documents.name, "homepage"),
    );
    const [page] = await t.database.db.select().from(documents).where(where);
    const sections = (page?.data.sections ?? []) as { widget?: string }[];
    await t.database.db
      .update(documents)
      .set({ data: { ...page?.data, sections: sections.filter((s) => s.widget !== "products") } })
      .where(where);
    const after = await eventually(
      () => get("/"),
      (r) => r.body.includes("Our products"),
    );
    expect(after.body).not.toContain("Shop by condition</h2>");
    expect(after.body).toContain(
      '<h2 id="home-products-title" class="section-title">Our products</h2>',
    );
    // The nine remedies and the two bundles.
    expect(after.body.match(/class="product-card"/g)?.length).toBe(11);
    await t.database.db
      .update(documents)
      .set({ data: page?.data ?? {} })
      .where(where);
  });
});

describe.skipIf(!HAS_WEB_BUILD || !process.env.TEST_DATABASE_URL)(
  "pages shared by visitors, on two instances of one PostgreSQL database",
  () => {
    let drop: () => Promise<void>;
    const instances: { app: FastifyInstance; db: Database; close(): Promise<void> }[] = [];
    beforeAll(async () => {
      const database = await createPostgresDatabase();
      drop = database.drop;
      for (const n of [1, 2]) {
        const handle = await openDatabase({ databaseUrl: database.url });
        if (n === 1) await loadDemoStores(handle.acrossStores);
        const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-"));
        const app = await buildApp({
          config: testConfig({ databaseUrl: database.url, webBuildDir: WEB_BUILD, mediaDir }),
          db: handle.db,
          web: true,
        });
        await app.ready();
        instances.push({
          app,
          db: handle.acrossStores,
          close: () => app.close().then(handle.close),
        });
      }
    });
    afterAll(async () => {
      for (const instance of instances) await instance.close();
      await drop?.();
    });

    it("a change written through one instance drops the page on both", async () => {
      const ask = (app: FastifyInstance) => app.inject({ url: PRODUCT, headers: { host: PETS } });
      for (const { app } of instances) {
        await ask(app);
        const res = await eventually(
          () => ask(app),
          (r) => r.headers["x-page-cache"] === "hit",
        );
        expect(res.headers["x-page-cache"]).toBe("hit");
      }
      const [first] = instances;
      if (!first) throw new Error("no instance");
      await setStock(first.db, "ITCHY-1", 3);
      const threeLeft = /Only (?:<!-- -->)?3(?:<!-- -->)? left in stock/;
      for (const { app } of instances) {
        const res = await eventually(
          () => ask(app),
          (r) => threeLeft.test(r.body),
        );
        expect(res.body).toMatch(threeLeft);
      }
    });
  },
);
