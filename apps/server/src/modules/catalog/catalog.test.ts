import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HEMP, PET_STORE, PETS } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { products, reviews, variantPrices, variants } from "../../db/schema.ts";

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
  "calm-comfort-duo",
  "complete-care-trio",
];

describe("catalog API", () => {
  const t = useTestApp();

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

  it("answers the All Products collection with the nine remedies and the two bundles", async () => {
    const res = await t.app.inject({
      url: "/api/collections/liquid-dog-vitamins-supplements",
      headers: { host: PETS },
    });
    expect(res.statusCode).toBe(200);
    const collection = res.json();
    expect(collection.title).toBe("All Products");
    expect(collection.products).toHaveLength(PET_HANDLES.length);
    const missing = await t.app.inject({ url: "/api/collections/nope", headers: { host: PETS } });
    expect(missing.statusCode).toBe(404);
  });

  it("sorts a collection by price, rating and newest, ties keeping the featured order", async () => {
    const cards = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/collections/liquid-dog-vitamins-supplements${query}`,
        headers: { host: PETS },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        sort: string;
        products: {
          handle: string;
          product_price: number;
          review_average: number;
          review_count: number;
        }[];
      };
    };
    const featured = await cards("");
    expect(featured.sort).toBe("featured");
    expect(featured.products.map((p) => p.handle)).toEqual(PET_HANDLES);

    const cheapest = (await cards("?sort=price-asc")).products;
    const prices = cheapest.map((p) => p.product_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dearest = (await cards("?sort=price-desc")).products.map((p) => p.product_price);
    expect(dearest).toEqual([...prices].sort((a, b) => b - a));
    // Equal prices keep the featured order.
    for (let i = 1; i < cheapest.length; i++) {
      const [a, b] = [cheapest[i - 1], cheapest[i]];
      if (a && b && a.product_price === b.product_price) {
        expect(PET_HANDLES.indexOf(a.handle)).toBeLessThan(PET_HANDLES.indexOf(b.handle));
      }
    }

    const rated = (await cards("?sort=rating")).products;
    expect(rated.length).toBe(PET_HANDLES.length);
    const reviewed = rated.filter((p) => p.review_count > 0);
    expect(reviewed.length).toBeGreaterThan(1);
    expect(rated.slice(0, reviewed.length)).toEqual(reviewed);
    const averages = reviewed.map((p) => p.review_average);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));

    const [newest] = await t.database.db
      .update(products)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "ouchie")))
      .returning({ handle: products.handle });
    expect(newest).toBeDefined();
    let first = "";
    for (let tries = 0; first !== "ouchie" && tries < 50; tries++) {
      first = (await cards("?sort=newest")).products[0]?.handle ?? "";
      if (first !== "ouchie") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(first).toBe("ouchie");
  });

  it("filters a collection by pet and by condition, counting what each choice would list", async () => {
    const view = async (host: string, url: string) => {
      const res = await t.app.inject({ url, headers: { host } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const dogs = await view(PETS, "/api/collections/liquid-dog-vitamins-supplements?pet=dog");
    expect(dogs.total).toBe(11);
    expect(dogs.products).toHaveLength(11);
    const [pet, condition] = dogs.filters;
    expect(pet).toEqual({
      facet: "pet",
      label: "Pet",
      any: "All pets",
      selected: "dog",
      options: [
        { value: "cat", label: "Cats", count: 11 },
        { value: "dog", label: "Dogs", count: 11 },
      ],
    });
    expect(condition.options).toHaveLength(9);
    expect(condition.options).toContainEqual({
      value: "urinary-tract-and-stones",
      label: "Urinary Tract & Stones",
      count: 1,
    });

    const pain = await view(
      PETS,
      "/api/collections/liquid-dog-vitamins-supplements?pet=cat&condition=pain",
    );
    expect(pain.products.map((p: { handle: string }) => p.handle)).toEqual(["ouchie"]);

    // The hemp store's calming chews are for dogs only.
    const hempCats = await view(HEMP, "/api/collections/all?pet=cat");
    const catHandles = hempCats.products.map((p: { handle: string }) => p.handle);
    expect(catHandles).not.toContain("calming-chews");
    expect(catHandles).toHaveLength(hempCats.total - 1);
    const skin = await view(HEMP, "/api/collections/all?condition=skin-and-coat&sort=price-asc");
    expect(skin.products.map((p: { handle: string }) => p.handle).sort()).toEqual([
      "hemp-seed-oil-for-pets",
      "omega-blend",
    ]);

    // Values each some product has, that no product has together, list nothing.
    const none = await view(HEMP, "/api/collections/all?pet=cat&condition=anxiety");
    expect(none.products).toEqual([]);
    expect(none.total).toBe(5);
  });

  it("refuses an unknown sort, a malformed filter or an unknown parameter with a 400 that says what is wrong", async () => {
    const ask = (query: string) =>
      t.app.inject({
        url: `/api/collections/liquid-dog-vitamins-supplements?${query}`,
        headers: { host: PETS },
      });
    const sort = await ask("sort=cheapest");
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error.message).toBe(
      "sort: Sort must be one of featured, price-asc, price-desc, rating, newest",
    );
    const pet = await ask("pet=Dogs!");
    expect(pet.statusCode).toBe(400);
    expect(pet.json().error.message).toBe(
      "pet: A filter value may contain only lower-case letters, digits and hyphens",
    );
    const unknown = await ask("colour=red");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("invalid");
    // A value no product of the collection has (an old or a made-up link) is not a view of it.
    const fleas = await ask("condition=fleas");
    expect(fleas.statusCode).toBe(400);
    expect(fleas.json().error).toMatchObject({
      message: 'No product in this collection has condition "fleas"',
      fields: { condition: 'No product in this collection has condition "fleas"' },
    });
  });

  it("shows each card's rating, and a new review's well within the 2 s the lists are kept", async () => {
    const card = async () => {
      const res = await t.app.inject({ url: "/api/products", headers: { host: PETS } });
      return res.json().products.find((p: { handle: string }) => p.handle === "cant-poo-poo") as {
        review_average: number;
        review_count: number;
      };
    };
    const before = await card();
    const [product] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "cant-poo-poo")));
    const changedAt = Date.now();
    await t.database.db.insert(reviews).values({
      storeId: PET_STORE,
      productId: product?.id ?? "",
      reviewId: "catalog-test-review",
      rating: 1,
      description: "Did nothing for my cat.",
      reviewerName: "Test Reviewer",
      reviewerEmail: "reviewer@example.com",
    });
    let after = before;
    while (after.review_count === before.review_count && Date.now() - changedAt < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await card();
    }
    expect(after.review_count).toBe(before.review_count + 1);
    const sum = before.review_average * before.review_count + 1;
    expect(after.review_average).toBeCloseTo(sum / after.review_count, 1);

    // The owner hides it: the card no longer counts it.
    const hiddenAt = Date.now();
    await t.database.db
      .update(reviews)
      .set({ hidden: true })
      .where(and(eq(reviews.storeId, PET_STORE), eq(reviews.reviewId, "catalog-test-review")));
    let hidden = after;
    while (hidden.review_count === after.review_count && Date.now() - hiddenAt < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      hidden = await card();
    }
    expect(hidden).toEqual(before);
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
