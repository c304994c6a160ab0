import {
  CART_FULL_MESSAGE,
  LINE_LIMIT_MESSAGE,
  STOCK_MESSAGE,
  SUBSCRIPTION_MESSAGES,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, PET_STORE, setStock, signIn } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { variants } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { ITCHY_1, MONTHLY, subscriptionsTestHelpers } from "./subscriptions-test-helpers.ts";

interface CartLine {
  sku: string;
  quantity: number;
  product_price: number;
  line_total: number;
  subscription: { subscription_id: string; subscription_price: number } | null;
}
const linesOf = (cart: { cartItems: CartLine[] }) =>
  cart.cartItems.map((l) => ({
    sku: l.sku,
    quantity: l.quantity,
    plan: l.subscription?.subscription_id ?? null,
  }));

describe("subscriptions", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });
  const { visitor, add } = subscriptionsTestHelpers(() => t);

  describe("cart lines on a plan", () => {
    describe("POST /api/cart/items", () => {
      it("keeps a subscription line apart from the plain line of the same sku, priced at the plan price", async () => {
        const v = visitor();
        await add(v, "ITCHY-1", 1);
        const res = await add(v, "ITCHY-1", 2, "monthly");
        expect(res.statusCode, res.body).toBe(200);
        const cart = res.json();
        expect(cart.cartItems).toHaveLength(2);
        expect(cart.cartItems[0]).toMatchObject({
          sku: "ITCHY-1",
          quantity: 1,
          product_price: ITCHY_1.usd,
          subscription: null,
        });
        expect(cart.cartItems[1]).toMatchObject({
          sku: "ITCHY-1",
          quantity: 2,
          product_price: ITCHY_1.monthlyUsd,
          line_total: 2 * ITCHY_1.monthlyUsd,
          subscription: { ...MONTHLY, subscription_price: ITCHY_1.monthlyUsd },
        });
        expect(cart.subtotal).toBe(ITCHY_1.usd + 2 * ITCHY_1.monthlyUsd);
        expect(cart.itemCount).toBe(3);

        // The same plan again grows its line; another plan is a third line.
        await add(v, "ITCHY-1", 1, "monthly");
        const third = (await add(v, "ITCHY-1", 1, "every-2-months")).json();
        expect(linesOf(third)).toEqual([
          { sku: "ITCHY-1", quantity: 1, plan: null },
          { sku: "ITCHY-1", quantity: 3, plan: "monthly" },
          { sku: "ITCHY-1", quantity: 1, plan: "every-2-months" },
        ]);
        expect(third.cartItems[2].product_price).toBe(ITCHY_1.every2Usd);
      });

      it("refuses a plan the product does not offer with 404, changing nothing", async () => {
        const v = visitor();
        await add(v, "ITCHY-1", 1);
        for (const [sku, plan] of [
          ["ITCHY-1", "weekly"],
          ["EAT-1", "monthly"],
        ] as const) {
          const res = await add(v, sku, 1, plan);
          expect(res.statusCode).toBe(404);
          expect(res.json().error).toEqual({
            code: "not_found",
            message: SUBSCRIPTION_MESSAGES.planNotFound,
          });
        }
        expect(linesOf((await v.get("/api/cart")).json())).toEqual([
          { sku: "ITCHY-1", quantity: 1, plan: null },
        ]);
      });

      it("refuses a malformed subscription_id with 400", async () => {
        const res = await visitor().post("/api/cart/items", {
          sku: "ITCHY-1",
          quantity: 1,
          subscription_id: "",
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toContain("subscription_id must be a plan's code");
      });

      it("allows 19 of one item across its plain and plan lines and counts a subscription line among the 19 lines", async () => {
        const v = visitor();
        expect((await add(v, "DRAMA-1", 10)).statusCode).toBe(200);
        const over = await add(v, "DRAMA-1", 10, "monthly");
        expect(over.statusCode).toBe(409);
        expect(over.json().error.message).toBe(LINE_LIMIT_MESSAGE);
        expect((await add(v, "DRAMA-1", 9, "monthly")).statusCode).toBe(200);
        const more = await add(v, "DRAMA-1", 1);
        expect(more.statusCode).toBe(409);
        expect(more.json().error.message).toBe(LINE_LIMIT_MESSAGE);
        // Raising the plain line past what the plan line leaves is refused too.
        const raised = await v.patch("/api/cart/items/DRAMA-1", { quantity: 11 });
        expect(raised.statusCode).toBe(409);
        expect(raised.json().error.message).toBe(LINE_LIMIT_MESSAGE);
        // And a whole cart sent at once (cart sync) is held to the same 19.
        const synced = await v.post("/metrics/cart-items", {
          cartItems: [
            { sku: "DRAMA-1", quantity: 10 },
            { sku: "DRAMA-1", quantity: 10, subscription: { subscription_id: "monthly" } },
          ],
        });
        expect(synced.statusCode).toBe(409);
        expect(synced.json().error.message).toBe(LINE_LIMIT_MESSAGE);

        // 16 more plain lines and one more subscription line make 19 lines; a 20th is refused.
        const others = (
          await t.database.db
            .select({ sku: variants.sku, stock: variants.stock })
            .from(variants)
            .where(eq(variants.storeId, PET_STORE))
        )
          .filter((r) => r.stock > 0 && r.sku !== "DRAMA-1")
          .map((r) => r.sku)
          .slice(0, 16);
        expect(others).toHaveLength(16);
        for (const sku of others) expect((await add(v, sku, 1)).statusCode).toBe(200);
        expect((await add(v, "ITCHY-1", 1, "every-2-months")).statusCode).toBe(200);
        const full = await add(v, "ITCHY-1", 1, "monthly");
        expect(full.statusCode).toBe(409);
        expect(full.json().error.message).toBe(CART_FULL_MESSAGE);
        expect((await v.get("/api/cart")).json().cartItems).toHaveLength(19);
      });

      it("shares a variant's stock between its plain and subscription lines", async () => {
        await setStock(t.database.db, "OUCHIE-2", 10);
        const v = visitor();
        expect((await add(v, "OUCHIE-2", 6)).statusCode).toBe(200);
        expect((await add(v, "OUCHIE-2", 4, "monthly")).statusCode).toBe(200);
        for (const res of [
          await add(v, "OUCHIE-2", 1, "monthly"),
          await add(v, "OUCHIE-2", 1, "every-2-months"),
          await v.patch("/api/cart/items/OUCHIE-2", { quantity: 7 }),
          await v.patch("/api/cart/items/OUCHIE-2?subscription_id=monthly", { quantity: 5 }),
        ]) {
          expect(res.statusCode).toBe(409);
          expect(res.json().error).toEqual({ code: "out_of_stock", message: STOCK_MESSAGE });
        }
        const lowered = await v.patch("/api/cart/items/OUCHIE-2", { quantity: 5 });
        expect(lowered.statusCode).toBe(200);
        const raised = await v.patch("/api/cart/items/OUCHIE-2?subscription_id=monthly", {
          quantity: 5,
        });
        expect(linesOf(raised.json())).toEqual([
          { sku: "OUCHIE-2", quantity: 5, plan: null },
          { sku: "OUCHIE-2", quantity: 5, plan: "monthly" },
        ]);
      });
    });

    describe("PATCH and DELETE /api/cart/items/:sku", () => {
      it("finds a subscription line by ?subscription_id= and the plain line without it", async () => {
        const v = visitor();
        await add(v, "ITCHY-1", 1);
        await add(v, "ITCHY-1", 1, "monthly");
        const patched = await v.patch("/api/cart/items/ITCHY-1?subscription_id=monthly", {
          quantity: 4,
        });
        expect(linesOf(patched.json())).toEqual([
          { sku: "ITCHY-1", quantity: 1, plan: null },
          { sku: "ITCHY-1", quantity: 4, plan: "monthly" },
        ]);
        const unknown = await v.patch("/api/cart/items/ITCHY-1?subscription_id=every-2-months", {
          quantity: 2,
        });
        expect(unknown.statusCode).toBe(404);
        const plainGone = await v.delete("/api/cart/items/ITCHY-1");
        expect(linesOf(plainGone.json())).toEqual([
          { sku: "ITCHY-1", quantity: 4, plan: "monthly" },
        ]);
        const subGone = await v.delete("/api/cart/items/ITCHY-1?subscription_id=monthly");
        expect(subGone.json().cartItems).toEqual([]);
        expect((await v.delete("/api/cart/items/ITCHY-1?subscription_id=monthly")).statusCode).toBe(
          404,
        );
      });
    });

    describe("PUT /api/cart/currency", () => {
      it("re-prices a subscription line at the plan price in the new currency", async () => {
        const v = visitor();
        await add(v, "ITCHY-1", 2, "monthly");
        const res = await v.put("/api/cart/currency", { currency: "cad" });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().cartItems[0]).toMatchObject({
          product_price: ITCHY_1.monthlyCad,
          line_total: 2 * ITCHY_1.monthlyCad,
          subscription: { subscription_id: "monthly", subscription_price: ITCHY_1.monthlyCad },
        });
      });
    });

    describe("POST /metrics/cart-items", () => {
      it("keeps subscription lines, pricing them from the store", async () => {
        const v = visitor();
        const res = await v.post("/metrics/cart-items", {
          cartItems: [
            { sku: "ITCHY-1", quantity: 1, product_price: 1 },
            {
              sku: "ITCHY-1",
              quantity: 2,
              product_price: 1,
              subscription: { subscription_id: "monthly", subscription_price: 1 },
            },
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(linesOf(res.json())).toEqual([
          { sku: "ITCHY-1", quantity: 1, plan: null },
          { sku: "ITCHY-1", quantity: 2, plan: "monthly" },
        ]);
        expect(res.json().cartItems[1].product_price).toBe(ITCHY_1.monthlyUsd);

        const refused = await v.post("/metrics/cart-items", {
          cartItems: [{ sku: "EAT-1", quantity: 1, subscription: { subscription_id: "monthly" } }],
        });
        expect(refused.statusCode).toBe(404);
        expect(linesOf((await v.get("/api/cart")).json())).toHaveLength(2);
      });
    });

    describe("signing in with a guest cart", () => {
      it("keeps a guest's subscription lines when the guest signs in", async () => {
        const user = await createUser(t.database.db);
        const earlier = visitor();
        await signIn(earlier, user.email);
        await add(earlier, "YOUNG-1", 1, "monthly");

        const v = visitor();
        await add(v, "YOUNG-1", 2, "monthly");
        await add(v, "YOUNG-1", 1);
        await add(v, "PEEPEE-1", 1, "every-2-months");
        const res = await signIn(v, user.email);
        expect(res.json().cartMerge).toEqual({ merged: 3, notMerged: [] });
        expect(linesOf((await v.get("/api/cart")).json())).toEqual([
          { sku: "YOUNG-1", quantity: 3, plan: "monthly" },
          { sku: "YOUNG-1", quantity: 1, plan: null },
          { sku: "PEEPEE-1", quantity: 1, plan: "every-2-months" },
        ]);
      });

      it("reports a guest subscription line that cannot join, naming its plan", async () => {
        const user = await createUser(t.database.db);
        const earlier = visitor();
        await signIn(earlier, user.email);
        await add(earlier, "DRAMA-2", 15, "monthly");

        const v = visitor();
        await add(v, "DRAMA-2", 5, "monthly");
        const res = await signIn(v, user.email);
        expect(res.json().cartMerge.notMerged).toEqual([
          {
            sku: "DRAMA-2",
            title: expect.any(String),
            quantity: 5,
            subscription: { subscription_id: "monthly", label: "Deliver every month" },
            message: LINE_LIMIT_MESSAGE,
          },
        ]);
      });
    });
  });
});
