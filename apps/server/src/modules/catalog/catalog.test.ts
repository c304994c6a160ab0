import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HEMP, PET_STORE, PETS } from "../../../test/fixtures.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { variantPrices, variants } from "../../db/schema.ts";

const PET_HANDLES = [
  "itchy-scratchy",
  "no-more-drama",
  "eat",
  "cant-poo-poo",
  "poo-poo-problems",
  "forever-young",
  "ouchie",
  "pee-pee-issues",
  "yucky-fungus",
];

describeEachEngine("catalog API", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("lists the nine condition products of the pet store", async () => {
    const res = await t.app.inject({ url: "/api/products", headers: { host: PETS } });
    expect(res.statusCode).toBe(200);
    const handles = res.json().products.map((p: { handle: string }) => p.handle);
    expect(handles.sort()).toEqual([...PET_HANDLES].sort());
  });

  it("answers a product with a 'pack size' of 1 and 2, stock and USD prices in cents", async () => {
    const res = await t.app.inject({
      url: "/api/products/itchy-scratchy",
      headers: { host: PETS },
    });
    expect(res.statusCode).toBe(200);
    const product = res.json();
    expect(product.variant_list).toEqual({ "pack size": ["1", "2"] });
    expect(product.currency).toBe("usd");
    for (const v of product.variants) {
      expect(Number.isInteger(v.product_price)).toBe(true);
      expect(v.product_price).toBe(v.prices.usd);
      expect(v.total_stock).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(v.prices.cad)).toBe(true);
    }
    const [single, pack] = product.variants;
    expect(pack.product_price).toBeGreaterThan(single.product_price);
    expect(product.product_price).toBe(single.product_price);
    expect(product.product_urls[0]).toMatch(/^\/media\/pet-remedies\/.+\.jpg$/);
  });

  it("prices a product in CAD when asked", async () => {
    const res = await t.app.inject({
      url: "/api/products/eat?currency=cad",
      headers: { host: PETS },
    });
    const product = res.json();
    expect(product.currency).toBe("cad");
    for (const v of product.variants) expect(v.product_price).toBe(v.prices.cad);
  });

  it("refuses an unknown currency with a 400 that says what is wrong", async () => {
    const res = await t.app.inject({
      url: "/api/products/eat?currency=eur",
      headers: { host: PETS },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid",
      message: "currency: Currency must be usd or cad",
    });
  });

  it("refuses a malformed handle with 400 and answers an unknown one with 404", async () => {
    const bad = await t.app.inject({ url: "/api/products/Bad%20Handle", headers: { host: PETS } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("invalid");
    const unknown = await t.app.inject({
      url: "/api/products/no-such-thing",
      headers: { host: PETS },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: "not_found", message: "Product not found" } });
  });

  it("answers the All Products collection with the nine products", async () => {
    const res = await t.app.inject({
      url: "/api/collections/liquid-dog-vitamins-supplements",
      headers: { host: PETS },
    });
    expect(res.statusCode).toBe(200);
    const collection = res.json();
    expect(collection.title).toBe("All Products");
    expect(collection.products).toHaveLength(9);
    const missing = await t.app.inject({ url: "/api/collections/nope", headers: { host: PETS } });
    expect(missing.statusCode).toBe(404);
  });

  it("never shows one store's products to another (tenant isolation)", async () => {
    const hemp = await t.app.inject({ url: "/api/products", headers: { host: HEMP } });
    const hempHandles: string[] = hemp.json().products.map((p: { handle: string }) => p.handle);
    expect(hempHandles.length).toBeGreaterThan(0);
    expect(hempHandles.some((h) => PET_HANDLES.includes(h))).toBe(false);

    const pets = await t.app.inject({ url: "/api/products", headers: { host: PETS } });
    const petHandles: string[] = pets.json().products.map((p: { handle: string }) => p.handle);
    expect(petHandles.some((h) => hempHandles.includes(h))).toBe(false);

    const crossProduct = await t.app.inject({
      url: `/api/products/${hempHandles[0]}`,
      headers: { host: PETS },
    });
    expect(crossProduct.statusCode).toBe(404);
    const crossCollection = await t.app.inject({
      url: "/api/collections/liquid-dog-vitamins-supplements",
      headers: { host: HEMP },
    });
    expect(crossCollection.statusCode).toBe(404);
  });

  it("shows a changed price well within the 2 s its answers are kept, and the cart charges that price", async () => {
    const product = async () =>
      (await t.app.inject({ url: "/api/products/eat", headers: { host: PETS } })).json();
    const before = (await product()).variants.find((v: { sku: string }) => v.sku === "EAT-2");
    const [variant] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "EAT-2")));
    const changedAt = Date.now();
    await t.database.db
      .update(variantPrices)
      .set({ amount: before.product_price + 100 })
      .where(
        and(eq(variantPrices.variantId, variant?.id ?? ""), eq(variantPrices.currency, "usd")),
      );
    // The database announces the change; the kept answer is dropped at once, not after 2 s.
    let shown = before.product_price;
    while (shown === before.product_price && Date.now() - changedAt < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      shown = (await product()).variants.find(
        (v: { sku: string }) => v.sku === "EAT-2",
      ).product_price;
    }
    expect(shown).toBe(before.product_price + 100);
    const added = await new Visitor(t.app, PETS).post("/api/cart/items", {
      sku: "EAT-2",
      quantity: 1,
    });
    expect(added.json().cartItems[0].product_price).toBe(shown);
  });
});
