import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GOOD_CARD,
  HEMP,
  HEMP_STORE,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  stockOf,
} from "../../../test/fixtures.ts";
import { Visitor } from "../../../test/visitor.ts";
import { orders, stores } from "../../db/schema.ts";
import {
  HEMP_ACCOUNT,
  PLATFORM_WEBHOOK_SECRET,
  useStripeApp,
  webhook,
} from "./stripe-test-helpers.ts";

/** A visitor's cart of one `sku`, quoted, and the checkout's body for it (Stripe: no card). */
async function cartToCheckout(v: Visitor, sku: string, email: string) {
  await v.post("/api/cart/items", { sku, quantity: 1 });
  const quote = (await v.post("/api/checkout/quote", { address: quoteAddress() })).json();
  return {
    email,
    name: "Card Buyer",
    address: NY_ADDRESS,
    shippingOptionId: "standard",
    expectedTotal: quote.total as number,
  };
}

describe("Stripe payments in production", () => {
  const { t, stub } = useStripeApp({
    overrides: { env: "production" },
    connectAccounts: false,
    forgetCalls: false,
  });

  it("refuses card payment, with a message that says why, at a store without a connected account", async () => {
    const info = (await new Visitor(t.app, PETS).get("/api/store")).json();
    expect(info).toMatchObject({ stripe_publishable_key: null, cardPayments: "unavailable" });
    const v = new Visitor(t.app, PETS);
    const before = await stockOf(t.database.db, "FUNGUS-1");
    const body = await cartToCheckout(v, "FUNGUS-1", "no-account@example.com");
    const res = await v.post(
      "/api/checkout",
      { ...body, card: GOOD_CARD },
      { "idempotency-key": randomUUID() },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.cardNotSetUp);
    // Nothing was held, and Stripe was not asked on the platform's own account.
    expect(await stockOf(t.database.db, "FUNGUS-1")).toBe(before);
    expect(stub.calls).toEqual([]);
  });

  it("takes the card once the store's account is connected", async () => {
    await t.database.db
      .update(stores)
      .set({ stripeId: HEMP_ACCOUNT })
      .where(eq(stores.id, HEMP_STORE));
    await expect
      .poll(async () => (await new Visitor(t.app, HEMP).get("/api/store")).json().cardPayments)
      .toBe("stripe");
    const v = new Visitor(t.app, HEMP);
    const body = await cartToCheckout(v, "HEMPOIL-1", "connected@example.com");
    const res = await v.post("/api/checkout", body, { "idempotency-key": randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("awaiting_payment");
    expect(stub.calls.find((c) => c.path === "/v1/payment_intents")?.account).toBe(HEMP_ACCOUNT);
  });

  it("answers the retry of an order placed before the store's account was removed, on that account", async () => {
    await t.database.db
      .update(stores)
      .set({ stripeId: HEMP_ACCOUNT })
      .where(eq(stores.id, HEMP_STORE));
    await expect
      .poll(async () => (await new Visitor(t.app, HEMP).get("/api/store")).json().cardPayments)
      .toBe("stripe");
    const v = new Visitor(t.app, HEMP);
    const body = await cartToCheckout(v, "HEMPOIL-1", "retry@example.com");
    const key = { "idempotency-key": randomUUID() };
    const first = await v.post("/api/checkout", body, key);
    expect(first.statusCode, first.body).toBe(200);
    await t.database.db.update(stores).set({ stripeId: null }).where(eq(stores.id, HEMP_STORE));
    await expect
      .poll(async () => (await new Visitor(t.app, HEMP).get("/api/store")).json().cardPayments)
      .toBe("unavailable");
    const intentCall = () => stub.calls.findLast((c) => c.path === "/v1/payment_intents");
    const firstCall = intentCall();
    stub.calls.length = 0;
    const retry = await v.post("/api/checkout", body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      status: "awaiting_payment",
      order: { number: first.json().order.number },
    });
    // Stripe is asked again for the same PaymentIntent (its key), on the account that made it.
    expect(intentCall()).toMatchObject({
      account: HEMP_ACCOUNT,
      idempotencyKey: firstCall?.idempotencyKey,
    });
    // A new order is still refused.
    const fresh = await v.post("/api/checkout", body, { "idempotency-key": randomUUID() });
    expect(fresh.statusCode).toBe(503);
  });
});

describe("Stripe payments in production for the platform's own store", () => {
  const { t, stub } = useStripeApp({
    overrides: { env: "production", stripePlatformStores: [PET_STORE] },
    connectAccounts: false,
    forgetCalls: false,
  });

  it("takes a card on the platform's own account for a store STRIPE_PLATFORM_STORES names, and its webhook completes the order", async () => {
    const info = (await new Visitor(t.app, PETS).get("/api/store")).json();
    expect(info).toMatchObject({
      stripe_publishable_key: "pk_test_local",
      stripeId: null,
      cardPayments: "stripe",
    });
    // Another store without an account still takes no card.
    expect((await new Visitor(t.app, HEMP).get("/api/store")).json().cardPayments).toBe(
      "unavailable",
    );
    const v = new Visitor(t.app, PETS);
    const body = await cartToCheckout(v, "FUNGUS-1", "own-store@example.com");
    const res = await v.post("/api/checkout", body, { "idempotency-key": randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    const intent = stub.calls.find((c) => c.path === "/v1/payment_intents");
    expect(intent).toBeDefined();
    expect(intent?.account).toBeUndefined();
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, res.json().order.number));
    expect(order?.paymentAccount).toBeNull();
    const hook = webhook(
      "payment_intent.succeeded",
      order?.paymentReference ?? "",
      undefined,
      {},
      null,
      PLATFORM_WEBHOOK_SECRET,
    );
    const done = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": hook.signature },
      payload: hook.payload,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().outcome).toBe("completed");
  });
});
