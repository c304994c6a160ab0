import { randomUUID } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  CART_FULL_MESSAGE,
  LINE_LIMIT_MESSAGE,
  STOCK_MESSAGE,
  SUBSCRIPTION_MESSAGES,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createUser,
  GOOD_CARD,
  NY_ADDRESS,
  PET_STORE,
  quoteAddress,
  setStock,
  signedInVisitor,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { subscriptions, variants } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

// ITCHY-1 costs $39.95 / CA$53.95 once. "monthly" takes 10% off, "every-2-months" 5%, rounded to
// the nearest cent: $35.955 → $35.96, $37.9525 → $37.95, CA$48.555 → CA$48.56.
const ITCHY_1 = { usd: 3995, cad: 5395, monthlyUsd: 3596, every2Usd: 3795, monthlyCad: 4856 };
const EVERY_2_MONTHS = {
  subscription_id: "every-2-months",
  label: "Deliver every 2 months",
  interval: "month",
  interval_count: 2,
  discount_percentage: 5,
};
const MONTHLY = {
  subscription_id: "monthly",
  label: "Deliver every month",
  interval: "month",
  interval_count: 1,
  discount_percentage: 10,
};

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
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { testProcessor: new TestCardProcessor() });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const visitor = () => visitorWithOwnIp(t.app);

  async function signedIn(): Promise<{ v: Visitor; userId: string }> {
    const { v, user } = await signedInVisitor(t.app, t.database.db);
    return { v, userId: user.id };
  }

  async function add(v: Visitor, sku: string, quantity: number, subscription_id?: string) {
    return v.post("/api/cart/items", {
      sku,
      quantity,
      ...(subscription_id ? { subscription_id } : {}),
    });
  }

  /** Quotes the cart to New York and pays the quoted total with the test card. */
  async function checkout(v: Visitor) {
    const quote = await v.post("/api/checkout/quote", {
      address: quoteAddress(),
    });
    if (quote.statusCode !== 200) return quote;
    return v.post(
      "/api/checkout",
      {
        email: "subscriber@example.com",
        name: "Sam Subscriber",
        address: NY_ADDRESS,
        shippingOptionId: quote.json().selectedShippingOption.id,
        expectedTotal: quote.json().total,
        card: GOOD_CARD,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  describe("GET /api/products/:handle", () => {
    it("lists a product's plans with each variant's subscription price in the asked currency", async () => {
      const usd = (await visitor().get("/api/products/itchy-scratchy?currency=usd")).json();
      expect(usd.subscription_plans).toEqual([
        MONTHLY,
        {
          subscription_id: "every-2-months",
          label: "Deliver every 2 months",
          interval: "month",
          interval_count: 2,
          discount_percentage: 5,
        },
      ]);
      expect(usd.variants[0]).toMatchObject({
        sku: "ITCHY-1",
        product_price: ITCHY_1.usd,
        subscriptions: [
          { subscription_id: "monthly", subscription_price: ITCHY_1.monthlyUsd },
          { subscription_id: "every-2-months", subscription_price: ITCHY_1.every2Usd },
        ],
      });
      const cad = (await visitor().get("/api/products/itchy-scratchy?currency=cad")).json();
      expect(cad.variants[0].subscriptions[0]).toEqual({
        subscription_id: "monthly",
        subscription_price: ITCHY_1.monthlyCad,
      });
    });

    it("offers no plans for a product sold once only", async () => {
      const eat = (await visitor().get("/api/products/eat")).json();
      expect(eat.subscription_plans).toEqual([]);
      expect(eat.variants[0].subscriptions).toEqual([]);
    });
  });

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

  describe("paying for a plan", () => {
    describe("POST /api/checkout", () => {
      it("asks a guest with a subscription line to sign in (401) before quoting or charging", async () => {
        const v = visitor();
        await add(v, "ITCHY-1", 1, "monthly");
        const quote = await v.post("/api/checkout/quote", {});
        expect(quote.statusCode).toBe(401);
        expect(quote.json().error).toEqual({
          code: "unauthorized",
          message: SUBSCRIPTION_MESSAGES.signInToCheckout,
        });
        const pay = await v.post(
          "/api/checkout",
          {
            email: "guest@example.com",
            name: "Guest",
            address: NY_ADDRESS,
            shippingOptionId: "standard",
            expectedTotal: 1,
            card: GOOD_CARD,
          },
          { "idempotency-key": randomUUID() },
        );
        expect(pay.statusCode).toBe(401);
        expect(pay.json().error.message).toBe(SUBSCRIPTION_MESSAGES.signInToCheckout);
      });

      it("starts one subscription per subscription line, next charged one interval after the paid day", async () => {
        const { v, userId } = await signedIn();
        await add(v, "ITCHY-1", 1);
        await add(v, "ITCHY-1", 2, "monthly");
        await add(v, "DRAMA-1", 1, "every-2-months");
        // Paid on October 31st: a month later is November 30th, two months later December 31st.
        vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-10-31T18:00:00Z") });
        const res = await checkout(v);
        vi.useRealTimers();
        expect(res.statusCode, res.body).toBe(200);
        const order = res.json().order;
        expect(
          order.lines.map(
            (l: { subscription: { subscription_id: string } | null }) =>
              l.subscription?.subscription_id ?? null,
          ),
        ).toEqual([null, "monthly", "every-2-months"]);

        const list = await v.get("/api/account/subscriptions");
        expect(list.statusCode).toBe(200);
        expect(list.headers["cache-control"]).toBe("no-store");
        expect(list.json().subscriptions).toEqual([
          {
            id: expect.any(String),
            status: "active",
            sku: "ITCHY-1",
            handle: "itchy-scratchy",
            title: expect.stringContaining("Itchy Scratchy"),
            attributes: { "pack size": "1" },
            image_url: expect.stringMatching(/^\/media\/pet-remedies\//),
            quantity: 2,
            price: ITCHY_1.monthlyUsd,
            currency: "usd",
            subscription: MONTHLY,
            // The product's plans now, to change to.
            plans: [MONTHLY, EVERY_2_MONTHS],
            paused_reason: null,
            next_charge_on: "2026-11-30",
            retry_on: null,
            // The card is kept for the renewals (brand and last 4 digits only).
            card: { brand: "visa", last4: "4242" },
            order_number: order.number,
            created_at: expect.any(String),
          },
          expect.objectContaining({
            sku: "DRAMA-1",
            quantity: 1,
            subscription: expect.objectContaining({ subscription_id: "every-2-months" }),
            next_charge_on: "2026-12-31",
          }),
        ]);
        const rows = await t.database.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, userId));
        expect(rows).toHaveLength(2);
        // The cart is emptied, subscription lines included.
        expect((await v.get("/api/cart")).json().cartItems).toEqual([]);
      });
    });

    describe("GET /api/account/subscriptions", () => {
      it("lists the newest subscriptions first, and none for an order bought once", async () => {
        const { v } = await signedIn();
        await add(v, "ITCHY-1", 1);
        expect((await checkout(v)).statusCode).toBe(200);
        expect((await v.get("/api/account/subscriptions")).json().subscriptions).toEqual([]);

        await add(v, "YOUNG-2", 1, "monthly");
        expect((await checkout(v)).statusCode).toBe(200);
        await add(v, "OUCHIE-1", 1, "every-2-months");
        expect((await checkout(v)).statusCode).toBe(200);
        const list = (await v.get("/api/account/subscriptions")).json().subscriptions;
        expect(list.map((s: { sku: string }) => s.sku)).toEqual(["OUCHIE-1", "YOUNG-2"]);
      });

      it("answers 401 when signed out", async () => {
        const res = await visitor().get("/api/account/subscriptions");
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({
          code: "unauthorized",
          message: ACCOUNT_MESSAGES.signInRequired,
        });
      });
    });
  });
});
