import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PET_STORE, PETS, priceOf } from "../../../test/fixtures.ts";
import { cartEvents, variantPrices } from "../../db/schema.ts";
import { useCartApp } from "./cart-test-helpers.ts";

describe("cart API", () => {
  const { t, visitor, variantOf, cartRowOf, countCarts } = useCartApp();

  describe("POST /metrics/cart-items", () => {
    it("ignores the product_price a client sends: prices come from the database", async () => {
      const v = visitor();
      const res = await v.post("/metrics/cart-items", {
        cartItems: [
          { sku: "DRAMA-1", quantity: 1, product_price: 1, title: "cheap" },
          { sku: "EAT-2", quantity: 3, product_price: 0 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const drama = await priceOf(t.database.db, "DRAMA-1", "usd");
      const eat = await priceOf(t.database.db, "EAT-2", "usd");
      const cart = res.json();
      expect(
        cart.cartItems.map((i: { sku: string; quantity: number; product_price: number }) => [
          i.sku,
          i.quantity,
          i.product_price,
        ]),
      ).toEqual([
        ["DRAMA-1", 1, drama],
        ["EAT-2", 3, eat],
      ]);
      expect(cart.subtotal).toBe(drama + 3 * eat);

      const read = await v.get("/metrics/cart-items");
      expect(read.statusCode).toBe(200);
      expect(read.json().cartItems).toEqual(cart.cartItems);
    });

    it("replaces the cart wholesale, and an empty list empties it", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const replaced = await v.post("/metrics/cart-items", {
        cartItems: [
          { sku: "EAT-1", quantity: 4 },
          { sku: "YOUNG-1", quantity: 1 },
        ],
      });
      expect(replaced.json().cartItems.map((i: { sku: string }) => i.sku)).toEqual([
        "EAT-1",
        "YOUNG-1",
      ]);
      expect(replaced.json().itemCount).toBe(5);
      const emptied = await v.post("/metrics/cart-items", { cartItems: [] });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json().cartItems).toEqual([]);
    });
  });

  describe("cart events", () => {
    it("records item added, quantity updated, item removed and cart emptied in order", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 });
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      await v.patch("/api/cart/items/EAT-1", { quantity: 4 });
      await v.delete("/api/cart/items/ITCHY-1");
      await v.delete("/api/cart");
      const cart = await cartRowOf(v);
      if (!cart) throw new Error("no cart");
      const events = await t.database.db
        .select({
          storeId: cartEvents.storeId,
          type: cartEvents.type,
          sku: cartEvents.sku,
          quantity: cartEvents.quantity,
        })
        .from(cartEvents)
        .where(eq(cartEvents.cartId, cart.id))
        .orderBy(asc(cartEvents.createdAt));
      expect(events).toEqual([
        { storeId: PET_STORE, type: "item_added", sku: "ITCHY-1", quantity: 1 },
        { storeId: PET_STORE, type: "item_added", sku: "ITCHY-1", quantity: 2 },
        { storeId: PET_STORE, type: "item_added", sku: "EAT-1", quantity: 1 },
        { storeId: PET_STORE, type: "item_quantity_updated", sku: "EAT-1", quantity: 4 },
        { storeId: PET_STORE, type: "item_removed", sku: "ITCHY-1", quantity: 3 },
        { storeId: PET_STORE, type: "cart_emptied", sku: null, quantity: null },
      ]);
    });
  });

  describe("PUT /api/cart/currency", () => {
    it("re-prices every line from the database and remembers the choice in a cookie", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 });
      await v.post("/api/cart/items", { sku: "EAT-2", quantity: 1 });
      const res = await v.put("/api/cart/currency", { currency: "cad" });
      expect(res.statusCode).toBe(200);
      const itchy = await priceOf(t.database.db, "ITCHY-1", "cad");
      const eat = await priceOf(t.database.db, "EAT-2", "cad");
      expect(res.json()).toMatchObject({
        currency: "cad",
        subtotal: 2 * itchy + eat,
        totalCost: 2 * itchy + eat,
        freeShippingRemaining: null,
      });
      expect(res.json().cartItems.map((i: { product_price: number }) => i.product_price)).toEqual([
        itchy,
        eat,
      ]);
      const cookie = res.cookies.find((c) => c.name === "currency");
      expect(cookie).toMatchObject({
        value: "cad",
        path: "/",
        sameSite: "Lax",
        maxAge: 365 * 24 * 60 * 60,
      });
      expect(cookie?.httpOnly).toBeUndefined();
      expect((await v.get("/api/cart")).json().currency).toBe("cad");
      // A new add is priced in the cart's currency.
      const added = await v.post("/api/cart/items", { sku: "YOUNG-1", quantity: 1 });
      expect(added.json().cartItems[2].product_price).toBe(
        await priceOf(t.database.db, "YOUNG-1", "cad"),
      );

      // Without a cart the choice is remembered and nothing is stored.
      const before = await countCarts();
      const stranger = visitor();
      const empty = await stranger.put("/api/cart/currency", { currency: "cad" });
      expect(empty.json()).toMatchObject({ currency: "cad", cartItems: [] });
      expect(stranger.cookies.get("currency")).toBe("cad");
      expect(stranger.cookies.has("sf_session")).toBe(false);
      expect(await countCarts()).toBe(before);
    });

    it("refuses to switch currency when an item has no price in it, naming the item", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "YOUNG-2", quantity: 1 });
      const variant = await variantOf("YOUNG-2");
      await t.database.db
        .delete(variantPrices)
        .where(and(eq(variantPrices.variantId, variant.id), eq(variantPrices.currency, "cad")));
      const res = await v.put("/api/cart/currency", { currency: "cad" });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("conflict");
      expect(res.json().error.message).toMatch(/\(YOUNG-2\) is not available in CAD$/);
      expect((await v.get("/api/cart")).json().currency).toBe("usd");
      const cad = visitor(PETS, { "accept-language": "en-CA" });
      const add = await cad.post("/api/cart/items", { sku: "YOUNG-2", quantity: 1 });
      expect(add.statusCode).toBe(409);
      expect(add.json().error.message).toMatch(/\(YOUNG-2\) is not available in CAD$/);
    });
  });

  describe("the visitor's default currency", () => {
    it("starts a visitor whose language is en-CA in CAD, and everyone else in USD", async () => {
      const cad = (lang: string) => visitor(PETS, { "accept-language": lang }).get("/api/cart");
      expect((await cad("en-CA,en;q=0.9")).json().currency).toBe("cad");
      expect((await cad("fr-CA")).json().currency).toBe("cad");
      expect((await cad("en-US,en;q=0.9")).json().currency).toBe("usd");
      expect((await cad("en")).json().currency).toBe("usd");
      expect((await visitor().get("/api/cart")).json().currency).toBe("usd");

      const canadian = visitor(PETS, { "accept-language": "en-CA" });
      const added = await canadian.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      expect(added.json().currency).toBe("cad");
      expect(added.json().subtotal).toBe(await priceOf(t.database.db, "ITCHY-1", "cad"));

      // The shopper's choice (cookie) wins over the language; an invalid cookie is ignored.
      const chose = visitor(PETS, { "accept-language": "en-CA" });
      chose.cookies.set("currency", "usd");
      expect((await chose.get("/api/cart")).json().currency).toBe("usd");
      const bad = visitor(PETS, { "accept-language": "en-CA" });
      bad.cookies.set("currency", "eur");
      expect((await bad.get("/api/cart")).json().currency).toBe("cad");
    });

    it("prices GET /api/products/:handle in the currency cookie, and ?currency= wins over it", async () => {
      const v = visitor();
      v.cookies.set("currency", "cad");
      const cad = await v.get("/api/products/itchy-scratchy");
      expect(cad.statusCode).toBe(200);
      expect(cad.json().currency).toBe("cad");
      expect(cad.json().variants[0].product_price).toBe(
        await priceOf(t.database.db, "ITCHY-1", "cad"),
      );
      expect((await v.get("/api/products/itchy-scratchy?currency=usd")).json().currency).toBe(
        "usd",
      );
      expect((await v.get("/api/products")).json().products[0].currency).toBe("cad");
      const canadian = visitor(PETS, { "accept-language": "en-CA" });
      expect((await canadian.get("/api/products/itchy-scratchy")).json().currency).toBe("cad");
      expect((await visitor().get("/api/products/itchy-scratchy")).json().currency).toBe("usd");
    });
  });

  describe("every cart endpoint", () => {
    it("answers every refusal with a 4xx in the error shape, never a 500", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      const bad = [
        await v.put("/api/cart/currency", { currency: "eur" }),
        await v.put("/api/cart/currency", {}),
        await v.put("/api/cart/discount", {}),
        await v.put("/api/cart/discount", { code: "" }),
        await v.post("/metrics/cart-items", { cartItems: "everything" }),
        await v.post("/metrics/cart-items", {}),
        await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1, product_price: 1 }),
        await v.post("/api/cart/items", { sku: "x".repeat(65), quantity: 1 }),
        await v.patch("/api/cart/items/ITCHY-1", {}),
        await v.delete(`/api/cart/items/${"x".repeat(65)}`),
        await t.app.inject({
          method: "POST",
          url: "/api/cart/items",
          headers: { host: PETS, "content-type": "application/json" },
          payload: "{not json",
        }),
      ];
      for (const res of bad) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.json()).toEqual({
          error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        });
      }
      expect((await v.get("/api/cart")).json().cartItems).toHaveLength(1);
    });

    it("is listed in the OpenAPI document with the discount endpoints", async () => {
      const paths = Object.keys((await t.app.inject({ url: "/api/openapi.json" })).json().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/api/cart",
          "/api/cart/items",
          "/api/cart/items/{sku}",
          "/api/cart/currency",
          "/api/cart/discount",
          "/metrics/cart-items",
        ]),
      );
    });
  });
});
