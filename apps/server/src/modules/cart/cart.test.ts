import {
  CART_FULL_MESSAGE,
  LINE_LIMIT_MESSAGE,
  REFUSAL_MESSAGES,
  STOCK_MESSAGE,
} from "@storefront/domain";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  expectError,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  priceOf,
  setStock,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { cartEvents, carts, products, variantPrices, variants } from "../../db/schema.ts";
import { sign } from "../../lib/session-key.ts";

describe("cart API", () => {
  let statements: string[] | null = null;
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 }, { logQuery: (q) => statements?.push(q) });

  const visitor = (host = PETS, headers: Record<string, string> = {}) =>
    new Visitor(t.app, host, headers);

  async function variantOf(sku: string, storeId = PET_STORE) {
    const [row] = await t.database.db
      .select()
      .from(variants)
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
    if (!row) throw new Error(`no variant ${sku}`);
    return row;
  }

  async function cartRowOf(v: Visitor, storeId = PET_STORE) {
    const sessionId = sessionIdOf(v);
    if (!sessionId) return undefined;
    const [row] = await t.database.db
      .select()
      .from(carts)
      .where(and(eq(carts.storeId, storeId), eq(carts.sessionId, sessionId)));
    return row;
  }

  async function countCarts(): Promise<number> {
    return (await t.database.db.select({ id: carts.id }).from(carts)).length;
  }

  describe("GET /api/cart", () => {
    it("answers an empty cart to a new visitor without setting a cookie or storing anything", async () => {
      const before = await countCarts();
      const v = visitor();
      const res = await v.get("/api/cart");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        currency: "usd",
        cartItems: [],
        activeDiscount: null,
        subtotal: 0,
        discount: 0,
        totalCost: 0,
        freeShippingRemaining: 14_900,
        freeShippingThreshold: 14_900,
        itemCount: 0,
        status: "empty",
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await countCarts()).toBe(before);
    });

    it("keeps one cart per session cookie and per store across requests", async () => {
      const alice = visitor();
      const bob = visitor();
      await alice.post("/api/cart/items", { sku: "PEEPEE-1", quantity: 2 });
      await bob.post("/api/cart/items", { sku: "CANTPOO-1", quantity: 1 });

      const again = await alice.get("/api/cart");
      expect(again.json().cartItems.map((i: { sku: string }) => i.sku)).toEqual(["PEEPEE-1"]);
      expect(
        (await bob.get("/api/cart")).json().cartItems.map((i: { sku: string }) => i.sku),
      ).toEqual(["CANTPOO-1"]);
      expect((await visitor().get("/api/cart")).json().cartItems).toEqual([]);

      // The same session id on the sister store's host is another store's (empty) cart.
      const aliceOnHemp = new Visitor(t.app, HEMP);
      aliceOnHemp.cookies.set("sf_session", alice.cookies.get("sf_session") ?? "");
      expect((await aliceOnHemp.get("/api/cart")).json().cartItems).toEqual([]);
      const hemp = await aliceOnHemp.post("/api/cart/items", { sku: "HEMPOIL-1", quantity: 1 });
      expect(hemp.statusCode).toBe(200);
      expect(hemp.json().cartItems.map((i: { sku: string }) => i.sku)).toEqual(["HEMPOIL-1"]);
      expect(
        (await alice.get("/api/cart")).json().cartItems.map((i: { sku: string }) => i.sku),
      ).toEqual(["PEEPEE-1"]);
      const hempCart = await cartRowOf(aliceOnHemp, HEMP_STORE);
      const petCart = await cartRowOf(alice);
      expect(hempCart?.id).toBeDefined();
      expect(hempCart?.id).not.toBe(petCart?.id);
    });

    it("refuses a session id the server did not issue, so a planted id shares no cart", async () => {
      // The attacker plants a well-formed id of their choosing in the victim's browser.
      const planted = "P".repeat(43);
      const victim = visitor();
      victim.cookies.set("sf_session", planted);
      expect(
        (await victim.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 })).statusCode,
      ).toBe(200);
      // The victim's cart is under a new, signed id; the attacker's copy of the planted one sees nothing.
      expect(victim.cookies.get("sf_session")).not.toBe(planted);
      expect(sessionIdOf(victim)).not.toBe(planted);
      const attacker = visitor();
      attacker.cookies.set("sf_session", planted);
      expect((await attacker.get("/api/cart")).json().cartItems).toEqual([]);
      const rows = await t.database.db.select().from(carts).where(eq(carts.sessionId, planted));
      expect(rows).toEqual([]);
    });

    it("refuses a session cookie whose signature was changed, and keeps a signed one's cart", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      const signed = v.cookies.get("sf_session") ?? "";
      const copy = visitor();
      copy.cookies.set("sf_session", signed);
      expect((await copy.get("/api/cart")).json().cartItems).toHaveLength(1);
      const tampered = visitor();
      tampered.cookies.set(
        "sf_session",
        `${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`,
      );
      expect((await tampered.get("/api/cart")).json().cartItems).toEqual([]);
    });

    it("treats a malformed session cookie as no session", async () => {
      const v = visitor();
      v.cookies.set("sf_session", "not-a-session");
      const empty = await v.get("/api/cart");
      expect(empty.json().cartItems).toEqual([]);
      expect(empty.headers["set-cookie"]).toBeUndefined();
      const added = await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      expect(added.statusCode).toBe(200);
      expect(v.cookies.get("sf_session")).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    });

    it("reports the cart's status as empty until the first change makes it active", async () => {
      const v = visitor();
      expect((await v.get("/api/cart")).json().status).toBe("empty");
      const added = await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      expect(added.json().status).toBe("active");
      expect((await cartRowOf(v))?.status).toBe("active");
      expect((await v.delete("/api/cart")).json().status).toBe("active");
    });
  });

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

  describe("what a write answers", () => {
    it("answers every write with the cart a reload then shows: lines, plans, prices, stock, code and totals", async () => {
      const v = visitor();
      const writes: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
        ["first add", () => v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 })],
        [
          "add on a plan",
          () =>
            v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2, subscription_id: "monthly" }),
        ],
        ["add another item", () => v.post("/api/cart/items", { sku: "EAT-1", quantity: 2 })],
        ["add more of a line", () => v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 })],
        ["apply a code", () => v.put("/api/cart/discount", { code: "SAVE10" })],
        ["change a quantity", () => v.patch("/api/cart/items/EAT-1", { quantity: 5 })],
        ["remove a line", () => v.delete("/api/cart/items/ITCHY-1")],
        [
          "replace the cart",
          () =>
            v.post("/metrics/cart-items", {
              cartItems: [
                { sku: "EAT-1", quantity: 1 },
                { sku: "ITCHY-1", quantity: 1, subscription: { subscription_id: "monthly" } },
              ],
            }),
        ],
        ["switch currency", () => v.put("/api/cart/currency", { currency: "cad" })],
        [
          "add in the new currency",
          () => v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 }),
        ],
        ["remove the code", () => v.delete("/api/cart/discount")],
        ["empty the cart", () => v.delete("/api/cart")],
      ];
      for (const [name, write] of writes) {
        const answer = await write();
        expect(answer.statusCode, `${name}: ${JSON.stringify(answer.json())}`).toBe(200);
        expect(answer.json(), name).toEqual((await v.get("/api/cart")).json());
      }
    });

    it("adds a new visitor's first item in 2 SQL statements and no transaction, and another item in at most 6 (besides BEGIN and COMMIT)", async () => {
      // Someone else's add first: the store's own answers are then cached, as on a running shop.
      await visitor().post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const v = visitor();
      const add = async (sku: string) => {
        statements = [];
        expect((await v.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
        const all = statements;
        statements = null;
        return { all, counted: all.filter((q) => !/^(begin|commit)$/i.test(q.trim())) };
      };
      // The variant, then the cart with its line and event in one statement.
      const first = await add("ITCHY-1");
      expect(first.all.length, first.all.join("\n")).toBeLessThanOrEqual(2);
      const second = await add("EAT-1");
      expect(second.counted.length, second.counted.join("\n")).toBeLessThanOrEqual(6);
      const cart = await v.get("/api/cart");
      expect(cart.json().cartItems.map((i: { sku: string }) => i.sku)).toEqual([
        "ITCHY-1",
        "EAT-1",
      ]);
    });
  });

  describe("PATCH and DELETE /api/cart/items/:sku", () => {
    it("changes and removes a line, and answers not found for a line that is not in the cart", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const updated = await v.patch("/api/cart/items/ITCHY-1", { quantity: 3 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().cartItems.map((i: { quantity: number }) => i.quantity)).toEqual([3, 1]);
      const removed = await v.delete("/api/cart/items/ITCHY-1");
      expect(removed.json().cartItems.map((i: { sku: string }) => i.sku)).toEqual(["EAT-1"]);
      expectError(
        await v.patch("/api/cart/items/ITCHY-1", { quantity: 2 }),
        404,
        "not_found",
        "This item is not in your cart",
      );
      expectError(
        await v.delete("/api/cart/items/ITCHY-1"),
        404,
        "not_found",
        "This item is not in your cart",
      );
      const stranger = await visitor().delete("/api/cart/items/EAT-1");
      expectError(stranger, 404, "not_found", "This item is not in your cart");
      expect(stranger.headers["set-cookie"]).toBeUndefined();
    });
  });

  describe("DELETE /api/cart", () => {
    it("empties the cart, and stores nothing when there is no cart", async () => {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 });
      const cleared = await v.delete("/api/cart");
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ cartItems: [], subtotal: 0, itemCount: 0 });
      expect((await v.get("/api/cart")).json().cartItems).toEqual([]);

      const before = await countCarts();
      const stranger = await visitor().delete("/api/cart");
      expect(stranger.statusCode).toBe(200);
      expect(stranger.headers["set-cookie"]).toBeUndefined();
      expect(await countCarts()).toBe(before);
    });
  });

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
