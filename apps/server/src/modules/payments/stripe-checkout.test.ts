import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  GARDEN,
  GOOD_CARD,
  HEMP,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  signIn,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { Visitor } from "../../../test/visitor.ts";
import { orders } from "../../db/schema.ts";
import { HEMP_ACCOUNT, PETS_ACCOUNT, useStripeApp, webhook } from "./stripe-test-helpers.ts";

describe("Stripe payments", () => {
  const { t, stub, orderOf, checkOut, placeHeld, deliver } = useStripeApp();

  describe("GET /api/store", () => {
    it("gives the browser Stripe's publishable key and the store's own connected account", async () => {
      const store = (await new Visitor(t.app, PETS).get("/api/store")).json();
      expect(store).toMatchObject({
        stripe_publishable_key: "pk_test_local",
        stripeId: PETS_ACCOUNT,
        cardPayments: "stripe",
      });
      const hemp = (await new Visitor(t.app, HEMP).get("/api/store")).json();
      expect(hemp).toMatchObject({ stripeId: HEMP_ACCOUNT, cardPayments: "stripe" });
    });

    it("gives a store without a connected account the test processor's form outside production", async () => {
      const store = (await new Visitor(t.app, GARDEN).get("/api/store")).json();
      expect(store).toMatchObject({
        stripe_publishable_key: null,
        stripeId: null,
        cardPayments: "test",
      });
    });
  });

  describe("each store its own Stripe account (Connect)", () => {
    it("makes each store's PaymentIntents, cancels and refunds on its own account, never another's", async () => {
      const pets = await placeHeld("FUNGUS-1");
      const hemp = await placeHeld("HEMPOIL-1", new Visitor(t.app, HEMP));
      const intents = stub.calls.filter((c) => c.path === "/v1/payment_intents");
      expect(intents.map((c) => [c.body.get("metadata[order_id]"), c.account])).toEqual([
        [pets.order.id, PETS_ACCOUNT],
        [hemp.order.id, HEMP_ACCOUNT],
      ]);
      expect(pets.order).toMatchObject({ paymentProvider: "stripe", paymentAccount: PETS_ACCOUNT });
      expect(hemp.order).toMatchObject({ paymentProvider: "stripe", paymentAccount: HEMP_ACCOUNT });

      // The hemp store's shopper changes the checkout: the older intent is cancelled on its account.
      stub.calls.length = 0;
      expect((await checkOut(hemp.v, "express")).statusCode).toBe(200);
      const cancel = stub.calls.find((c) => c.path.endsWith("/cancel"));
      expect(cancel?.account).toBe(HEMP_ACCOUNT);

      // Paid, then refunded by the pet store's admin: on the pet store's account.
      await deliver(webhook("payment_intent.succeeded", pets.order.paymentReference ?? ""));
      const owner = await createUser(t.database.db, { storeId: PET_STORE, userType: "admin" });
      const admin = visitorWithOwnIp(t.app, PETS);
      await signIn(admin, owner.email);
      stub.calls.length = 0;
      const refund = await admin.post(
        `/api/admin/orders/${pets.order.number}/refunds`,
        { amount: 500 },
        { "idempotency-key": randomUUID() },
      );
      expect(refund.statusCode, refund.body).toBe(200);
      expect(stub.calls.filter((c) => c.path === "/v1/refunds").map((c) => c.account)).toEqual([
        PETS_ACCOUNT,
      ]);
    });

    it("does not let a webhook from one store's account complete another store's order", async () => {
      const { order } = await placeHeld("EAT-1");
      const reference = order.paymentReference ?? "";
      for (const account of [HEMP_ACCOUNT, null]) {
        const forged = await deliver(
          webhook("payment_intent.succeeded", reference, undefined, {}, account),
        );
        expect(forged.json().outcome).toBe("unknown_order");
      }
      // Nor by naming the order in the metadata of an intent it never had.
      await t.database.db
        .update(orders)
        .set({ paymentReference: null })
        .where(eq(orders.id, order.id));
      const claimed = webhook(
        "payment_intent.succeeded",
        "pi_from_another_store",
        undefined,
        { metadata: { store_id: PET_STORE, order_id: order.id } },
        HEMP_ACCOUNT,
      );
      expect((await deliver(claimed)).json().outcome).toBe("unknown_order");
      expect((await orderOf(order.number)).status).toBe("awaiting_payment");
      // The store's own account completes it.
      const own = webhook(
        "payment_intent.succeeded",
        reference,
        undefined,
        { metadata: { store_id: PET_STORE, order_id: order.id } },
        PETS_ACCOUNT,
      );
      expect((await deliver(own)).json().outcome).toBe("completed");
      expect((await orderOf(order.number)).status).toBe("paid");
    });

    it("charges a store without a connected account with the test processor outside production, asking nothing of Stripe", async () => {
      const v = new Visitor(t.app, GARDEN);
      await v.post("/api/cart/items", { sku: "PLAN-SPRING", quantity: 1 });
      stub.calls.length = 0;
      const quote = (await v.post("/api/checkout/quote", { address: quoteAddress() })).json();
      const res = await v.post(
        "/api/checkout",
        {
          email: "garden-buyer@example.com",
          name: "Garden Buyer",
          address: NY_ADDRESS,
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe("paid");
      expect(await orderOf(res.json().order.number)).toMatchObject({
        paymentProvider: "test",
        paymentAccount: null,
      });
      expect(stub.calls).toEqual([]);
    });
  });

  describe("POST /api/checkout", () => {
    it("holds the stock and answers the client secret of a PaymentIntent made with an idempotency key", async () => {
      const before = await stockOf(t.database.db, "FUNGUS-1");
      const { answer, order } = await placeHeld("FUNGUS-1");
      expect(answer.status).toBe("awaiting_payment");
      expect(answer.clientSecret).toMatch(/^pi_\w+_secret_stub$/);
      expect(await stockOf(t.database.db, "FUNGUS-1")).toBe(before - 1);
      expect(order.status).toBe("awaiting_payment");
      const create = stub.calls.find((c) => c.path === "/v1/payment_intents");
      expect(create?.idempotencyKey).toBe(`order-${order.id}-intent`);
      expect(create?.body.get("amount")).toBe(String(order.total));
      expect(create?.body.get("metadata[order_id]")).toBe(order.id);
    });

    it("releases the cart's unpaid order when the shopper checks out again with changes", async () => {
      const before = await stockOf(t.database.db, "DRAMA-1");
      const first = await placeHeld("DRAMA-1");
      const second = await checkOut(first.v, "express");
      expect(second.statusCode, second.body).toBe(200);
      expect((await orderOf(first.order.number)).status).toBe("canceled");
      expect(await stockOf(t.database.db, "DRAMA-1")).toBe(before - 1);
      const cancel = stub.calls.find(
        (c) => c.path === `/v1/payment_intents/${first.order.paymentReference}/cancel`,
      );
      expect(cancel).toBeDefined();
    });

    it("answers 503 when Stripe cannot be reached, and the same Idempotency-Key later gets the order's payment", async () => {
      const v = new Visitor(t.app, PETS);
      await v.post("/api/cart/items", { sku: "YOUNG-1", quantity: 1 });
      const address = quoteAddress();
      const quote = (await v.post("/api/checkout/quote", { address })).json();
      const body = {
        email: "retry@example.com",
        name: "Retry Buyer",
        address: NY_ADDRESS,
        shippingOptionId: "standard",
        expectedTotal: quote.total,
      };
      const key = randomUUID();
      stub.failNext.intents = 3;
      const down = await v.post("/api/checkout", body, { "idempotency-key": key });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.message).toBe(CHECKOUT_MESSAGES.cardUnavailable);
      const again = await v.post("/api/checkout", body, { "idempotency-key": key });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().clientSecret).toMatch(/_secret_stub$/);
      const order = await orderOf(again.json().order.number);
      expect(order.paymentReference).toMatch(/^pi_/);
    });

    it("does not answer another visitor's Idempotency-Key with that visitor's order", async () => {
      const { answer } = await placeHeld("EAT-1");
      const key = stub.calls.find((c) => c.path === "/v1/payment_intents")?.idempotencyKey;
      expect(key).toBeDefined();
      const [row] = await t.database.db
        .select({ key: orders.idempotencyKey })
        .from(orders)
        .where(eq(orders.number, answer.order.number));
      const stranger = new Visitor(t.app, PETS);
      await stranger.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const res = await stranger.post(
        "/api/checkout",
        {
          email: "stranger@example.com",
          name: "Stranger",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: 1,
        },
        { "idempotency-key": row?.key ?? "" },
      );
      expect(res.statusCode).toBe(409);
      expect(res.body).not.toContain("stripe-buyer@example.com");
    });
  });
});
