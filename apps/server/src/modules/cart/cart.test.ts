import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError, HEMP, HEMP_STORE } from "../../../test/fixtures.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { carts } from "../../db/schema.ts";
import { useCartApp } from "./cart-test-helpers.ts";

describe("cart API", () => {
  const { t, log, visitor, cartRowOf, countCarts } = useCartApp();

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
        log.statements = [];
        expect((await v.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
        const all = log.statements;
        log.statements = null;
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
});
