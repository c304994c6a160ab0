import {
  CART_FULL_MESSAGE,
  LINE_LIMIT_MESSAGE,
  REFUSAL_MESSAGES,
  STOCK_MESSAGE,
} from "@storefront/domain";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError, HEMP, PET_STORE, PETS, priceOf, setStock } from "../../../test/fixtures.ts";
import { carts, products, variantPrices, variants } from "../../db/schema.ts";
import { sign } from "../../lib/session-key.ts";
import { useCartApp } from "./cart-test-helpers.ts";

describe("cart API", () => {
  const { t, visitor, variantOf } = useCartApp();

  describe("POST /api/cart/items", () => {
    it("sets an HttpOnly session cookie and prices the new line from the database", async () => {
      const v = visitor();
      const res = await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === "sf_session");
      expect(session).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        maxAge: 30 * 24 * 60 * 60,
      });
      expect(session?.secure).toBeUndefined();
      expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);

      const price = await priceOf(t.database.db, "ITCHY-1", "usd");
      const variant = await variantOf("ITCHY-1");
      const cart = res.json();
      expect(cart.cartItems).toEqual([
        {
          sku: "ITCHY-1",
          quantity: 2,
          product_price: price,
          line_total: 2 * price,
          handle: "itchy-scratchy",
          title: expect.any(String),
          image_url: expect.stringMatching(/^\/media\/pet-remedies\//),
          attributes: variant.attributes,
          total_stock: variant.stock,
          requires_shipping: true,
          subscription: null,
          bundle_id: null,
          skus_selected: null,
          contents: null,
        },
      ]);
      expect(cart).toMatchObject({
        currency: "usd",
        subtotal: 2 * price,
        discount: 0,
        totalCost: 2 * price,
        freeShippingRemaining: 14_900 - 2 * price,
        itemCount: 2,
        status: "active",
      });
    });

    it("marks the session cookie Secure when the visitor came over https", async () => {
      const v = visitor(PETS, { "x-forwarded-proto": "https" });
      const res = await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "sf_session")?.secure).toBe(true);
    });

    it("makes one cart when two first adds of one session arrive together", async () => {
      const fresh = visitor();
      fresh.cookies.set("sf_session", sign(t.app.sessionKey, "A".repeat(43)));
      const [a, b] = await Promise.all([
        fresh.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 }),
        fresh.post("/api/cart/items", { sku: "EAT-1", quantity: 1 }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const cart = (await fresh.get("/api/cart")).json();
      expect(cart.cartItems.map((i: { sku: string }) => i.sku).sort()).toEqual([
        "EAT-1",
        "ITCHY-1",
      ]);
      const rows = await t.database.db
        .select()
        .from(carts)
        .where(eq(carts.sessionId, "A".repeat(43)));
      expect(rows).toHaveLength(1);
    });

    it("refuses the 20th distinct sku with the cart-full message", async () => {
      // The demo store sells 18 skus (one out of stock): add three more to have 20 to try.
      const [eat] = await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "eat")));
      if (!eat) throw new Error("no product eat");
      for (const [i, sku] of ["EAT-3", "EAT-4", "EAT-5"].entries()) {
        const [row] = await t.database.db
          .insert(variants)
          .values({
            storeId: PET_STORE,
            productId: eat.id,
            sku,
            attributes: { "pack size": String(3 + i) },
            stock: 10,
            position: 2 + i,
          })
          .returning({ id: variants.id });
        if (!row) throw new Error("insert failed");
        await t.database.db.insert(variantPrices).values([
          { storeId: PET_STORE, variantId: row.id, currency: "usd", amount: 9_000 },
          { storeId: PET_STORE, variantId: row.id, currency: "cad", amount: 12_000 },
        ]);
      }
      const skus = (
        await t.database.db
          .select({ sku: variants.sku, stock: variants.stock })
          .from(variants)
          .where(eq(variants.storeId, PET_STORE))
          .orderBy(asc(variants.sku))
      )
        .filter((v) => v.stock > 0)
        .map((v) => v.sku);
      expect(skus.length).toBeGreaterThanOrEqual(20);

      const v = visitor();
      for (const sku of skus.slice(0, 19)) {
        const res = await v.post("/api/cart/items", { sku, quantity: 1 });
        expect(res.statusCode, sku).toBe(200);
      }
      const full = await v.post("/api/cart/items", { sku: skus[19], quantity: 1 });
      expectError(full, 409, "conflict", CART_FULL_MESSAGE);
      // A line already in the cart can still grow.
      const more = await v.post("/api/cart/items", { sku: skus[0], quantity: 1 });
      expect(more.statusCode).toBe(200);
      expect(more.json().cartItems).toHaveLength(19);

      // The wholesale replacement refuses a 20-line cart with the same message.
      const sync = await visitor().post("/metrics/cart-items", {
        cartItems: skus.slice(0, 20).map((sku) => ({ sku, quantity: 1 })),
      });
      expect(sync.statusCode).toBeGreaterThanOrEqual(400);
      expect(sync.statusCode).toBeLessThan(500);
      expect(sync.json().error.message).toContain(CART_FULL_MESSAGE);
    });

    it("refuses more than the variant's stock", async () => {
      expect((await variantOf("OUCHIE-2")).stock).toBe(0);
      const v = visitor();
      const none = await v.post("/api/cart/items", { sku: "OUCHIE-2", quantity: 1 });
      expectError(none, 409, "out_of_stock", STOCK_MESSAGE);
      expect(none.headers["set-cookie"]).toBeUndefined();

      await setStock(t.database.db, "FUNGUS-2", 5);
      expect((await variantOf("FUNGUS-2")).stock).toBe(5);
      expectError(
        await v.post("/api/cart/items", { sku: "FUNGUS-2", quantity: 6 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
      const five = await v.post("/api/cart/items", { sku: "FUNGUS-2", quantity: 5 });
      expect(five.statusCode).toBe(200);
      expect(five.json().cartItems[0]).toMatchObject({ quantity: 5, total_stock: 5 });
      expectError(
        await v.post("/api/cart/items", { sku: "FUNGUS-2", quantity: 1 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
      expectError(
        await v.patch("/api/cart/items/FUNGUS-2", { quantity: 6 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
      expectError(
        await visitor().post("/metrics/cart-items", {
          cartItems: [{ sku: "FUNGUS-2", quantity: 6 }],
        }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );

      // The real stock of another variant, read from the database.
      const { stock } = await variantOf("PEEPEE-2");
      expectError(
        await visitor().post("/api/cart/items", { sku: "PEEPEE-2", quantity: stock + 1 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
    });

    it("refuses more than 19 of one item", async () => {
      const v = visitor();
      expect((await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 19 })).statusCode).toBe(
        200,
      );
      expectError(
        await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 1 }),
        409,
        "conflict",
        LINE_LIMIT_MESSAGE,
      );
      expectError(
        await visitor().post("/api/cart/items", { sku: "DRAMA-1", quantity: 20 }),
        409,
        "conflict",
        LINE_LIMIT_MESSAGE,
      );
      expectError(
        await v.patch("/api/cart/items/DRAMA-1", { quantity: 20 }),
        400,
        "invalid",
        REFUSAL_MESSAGES.invalid_quantity,
      );
      expectError(
        await visitor().post("/metrics/cart-items", {
          cartItems: [
            { sku: "DRAMA-1", quantity: 10 },
            { sku: "DRAMA-1", quantity: 10 },
          ],
        }),
        409,
        "conflict",
        LINE_LIMIT_MESSAGE,
      );
      expect((await v.get("/api/cart")).json().cartItems[0].quantity).toBe(19);
    });

    it("refuses a quantity of 0 or 'abc' with a 400 that names the field", async () => {
      const v = visitor();
      expectError(
        await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 0 }),
        400,
        "invalid",
        "quantity: Quantity must be at least 1",
      );
      expectError(
        await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: "abc" }),
        400,
        "invalid",
        "quantity: Quantity must be a number",
      );
      expectError(
        await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1.5 }),
        400,
        "invalid",
        "quantity: Quantity must be a whole number",
      );
      expectError(
        await v.post("/api/cart/items", { quantity: 1 }),
        400,
        "invalid",
        "sku: sku is required",
      );
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      expectError(
        await v.patch("/api/cart/items/ITCHY-1", { quantity: 0 }),
        400,
        "invalid",
        "quantity: Quantity must be at least 1",
      );
      expectError(
        await v.post("/metrics/cart-items", { cartItems: [{ sku: "ITCHY-1", quantity: "abc" }] }),
        400,
        "invalid",
        "cartItems.0.quantity: Quantity must be a number",
      );
    });

    it("answers not found for another store's sku or an unknown one", async () => {
      const v = visitor();
      const hemp = await v.post("/api/cart/items", { sku: "HEMPOIL-1", quantity: 1 });
      expectError(hemp, 404, "not_found", "Product not found");
      expect(hemp.headers["set-cookie"]).toBeUndefined();
      expectError(
        await v.post("/api/cart/items", { sku: "NO-SUCH-SKU", quantity: 1 }),
        404,
        "not_found",
        "Product not found",
      );
      expectError(
        await v.post("/metrics/cart-items", { cartItems: [{ sku: "HEMPOIL-1", quantity: 1 }] }),
        404,
        "not_found",
        "Product not found",
      );
      // And a pet sku is not for sale on the hemp store.
      expectError(
        await visitor(HEMP).post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 }),
        404,
        "not_found",
        "Product not found",
      );
    });
  });
});
