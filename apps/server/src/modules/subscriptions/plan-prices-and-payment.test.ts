import { randomUUID } from "node:crypto";
import { ACCOUNT_MESSAGES, SUBSCRIPTION_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GOOD_CARD, NY_ADDRESS, quoteAddress, signedInVisitor } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { subscriptions } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { ITCHY_1, MONTHLY, subscriptionsTestHelpers } from "./subscriptions-test-helpers.ts";

const EVERY_2_MONTHS = {
  subscription_id: "every-2-months",
  label: "Deliver every 2 months",
  interval: "month",
  interval_count: 2,
  discount_percentage: 5,
};

describe("subscriptions", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });
  afterEach(() => {
    vi.useRealTimers();
  });
  const { visitor, add } = subscriptionsTestHelpers(() => t);

  async function signedIn(): Promise<{ v: Visitor; userId: string }> {
    const { v, user } = await signedInVisitor(t.app, t.database.db);
    return { v, userId: user.id };
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
