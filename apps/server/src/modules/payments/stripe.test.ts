import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  CHECKOUT_MESSAGES,
  isoDay,
  nextChargeOn,
  pointsEarned,
  REFUND_MESSAGES,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createUser,
  GARDEN,
  GOOD_CARD,
  HEMP,
  HEMP_STORE,
  NY_ADDRESS,
  outboxTo,
  PET_STORE,
  PETS,
  quoteAddress,
  setStock,
  signIn,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import type { Config } from "../../config.ts";
import { carts, orders, stores, subscriptions, users, variants } from "../../db/schema.ts";
import { releaseExpiredHolds } from "../../flows/cancel-order.ts";
import { renewSubscriptions } from "../../flows/renew-subscription/index.ts";

/** The endpoint for events on connected accounts, and the platform's own endpoint. */
const WEBHOOK_SECRET = "whsec_localtestsecret";
const PLATFORM_WEBHOOK_SECRET = "whsec_localplatformsecret";
/** The demo stores' connected accounts (Stripe Connect) in these tests. */
const PETS_ACCOUNT = "acct_1PetsLocal";
const HEMP_ACCOUNT = "acct_1HempLocal";
const signer = new Stripe("sk_test_signer");

interface StubCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The connected account the call was made on (the Stripe-Account header). */
  account: string | undefined;
  body: URLSearchParams;
}

/**
 * A local HTTP server that answers the Stripe SDK's calls the way Stripe's API does (form-encoded
 * requests, JSON answers), and remembers them.
 */
async function stripeStub() {
  const calls: StubCall[] = [];
  const failNext = { intents: 0, refunds: 0 };
  const intents = new Map<string, Record<string, unknown>>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on("end", () => {
      const body = new URLSearchParams(raw);
      const path = req.url ?? "";
      const key = req.headers["idempotency-key"];
      const account = req.headers["stripe-account"];
      calls.push({
        method: req.method ?? "",
        path,
        idempotencyKey: typeof key === "string" ? key : undefined,
        account: typeof account === "string" ? account : undefined,
        body,
      });
      const failing = (kind: keyof typeof failNext) => {
        if (failNext[kind] < 1) return false;
        failNext[kind] -= 1;
        return true;
      };
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_stub" });
        res.end(JSON.stringify(json));
      };
      if (
        req.method === "POST" &&
        path.startsWith("/v1/") &&
        failing(path.includes("refunds") ? "refunds" : "intents")
      ) {
        return answer(500, { error: { type: "api_error", message: "Stripe is down" } });
      }
      if (req.method === "POST" && path === "/v1/setup_intents") {
        const id = `seti_${randomUUID().replaceAll("-", "")}`;
        return answer(200, {
          id,
          object: "setup_intent",
          client_secret: `${id}_secret_stub`,
          status: "requires_payment_method",
          customer: body.get("customer"),
          metadata: { subscription_id: body.get("metadata[subscription_id]") },
        });
      }
      if (req.method === "POST" && path === "/v1/customers") {
        return answer(200, { id: `cus_${randomUUID().replaceAll("-", "")}`, object: "customer" });
      }
      // A renewal: confirmed at once, off-session, on a saved card (Stripe's test methods).
      if (
        req.method === "POST" &&
        path === "/v1/payment_intents" &&
        body.get("confirm") === "true"
      ) {
        if (body.get("payment_method") === "pm_card_chargeDeclined") {
          return answer(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
            },
          });
        }
        const id = `pi_${randomUUID().replaceAll("-", "")}`;
        return answer(200, {
          id,
          object: "payment_intent",
          amount: Number(body.get("amount")),
          currency: body.get("currency"),
          status: "succeeded",
          metadata: { order_id: body.get("metadata[order_id]") },
        });
      }
      if (req.method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_${randomUUID().replaceAll("-", "")}`;
        const intent = {
          id,
          object: "payment_intent",
          amount: Number(body.get("amount")),
          currency: body.get("currency"),
          client_secret: `${id}_secret_stub`,
          status: "requires_payment_method",
          metadata: {
            store_id: body.get("metadata[store_id]"),
            order_id: body.get("metadata[order_id]"),
          },
        };
        intents.set(id, intent);
        return answer(200, intent);
      }
      const cancel = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
      if (req.method === "POST" && cancel?.[1]) {
        return answer(200, { ...intents.get(cancel[1]), status: "canceled" });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        return answer(200, { id: `re_${randomUUID()}`, object: "refund", status: "succeeded" });
      }
      return answer(404, { error: { type: "invalid_request_error", message: "Unknown route" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    calls,
    /** How many of the next calls of each kind answer 500 (the SDK tries each call 3 times). */
    failNext,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An app paying through the local Stripe stand-in, its webhooks signed for both endpoints. */
function stripeApp(apiUrl: URL, overrides: Partial<Config> = {}) {
  return createTestApp({
    stripe: {
      secretKey: "sk_test_local",
      publishableKey: "pk_test_local",
      webhookSecrets: [PLATFORM_WEBHOOK_SECRET, WEBHOOK_SECRET],
      apiUrl,
    },
    ...overrides,
  });
}

/** A webhook as Stripe sends it, signed with Stripe's own test-header helper. */
function webhook(
  type: string,
  intentId: string,
  timestamp?: number,
  /** More of the PaymentIntent (the card it saved: setup_future_usage, payment_method, customer). */
  intent: Record<string, unknown> = {},
  /** The connected account the event comes from (null: the platform's own). */
  account: string | null = PETS_ACCOUNT,
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    ...(account ? { account } : {}),
    type,
    data: {
      object: {
        metadata: {},
        ...intent,
        id: intentId,
        object: "payment_intent",
        last_payment_error: type.endsWith("failed") ? { message: "Your card was declined." } : null,
      },
    },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return { payload, signature };
}

describe("Stripe payments", () => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof stripeStub>>;
  beforeAll(async () => {
    stub = await stripeStub();
    t = await stripeApp(stub.url);
    // The pet and hemp stores have connected their own Stripe accounts; the garden store has not.
    await t.database.db
      .update(stores)
      .set({ stripeId: PETS_ACCOUNT })
      .where(eq(stores.id, PET_STORE));
    await t.database.db
      .update(stores)
      .set({ stripeId: HEMP_ACCOUNT })
      .where(eq(stores.id, HEMP_STORE));
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.calls.length = 0;
  });

  /** Releases every hold as the sweeper would 31 minutes from now. */
  function expireHolds() {
    return releaseExpiredHolds(
      t.database.db,
      t.app.payments,
      new Date(Date.now() + 31 * 60_000),
      console,
    );
  }

  async function orderOf(number: number) {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
    if (!row) throw new Error(`no order ${number}`);
    return row;
  }

  /** Quotes the visitor's cart shipped with `shippingOptionId` and pays the quoted total. */
  async function checkOut(v: Visitor, shippingOptionId: "standard" | "express") {
    const quote = (
      await v.post("/api/checkout/quote", {
        address: quoteAddress(),
        shippingOptionId,
      })
    ).json();
    return v.post(
      "/api/checkout",
      {
        email: "stripe-buyer@example.com",
        name: "Stripe Buyer",
        address: NY_ADDRESS,
        shippingOptionId,
        expectedTotal: quote.total,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  /**
   * A shopper who checks out `sku` (on a plan with `subscription_id`): the order awaits the
   * browser's confirmation.
   */
  async function placeHeld(sku: string, v = new Visitor(t.app, PETS), subscription_id?: string) {
    await v.post("/api/cart/items", {
      sku,
      quantity: 1,
      ...(subscription_id ? { subscription_id } : {}),
    });
    const res = await checkOut(v, "standard");
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().order.number);
    return { v, answer: res.json(), order };
  }

  function deliver(hook: { payload: string; signature: string }) {
    return t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": hook.signature },
      payload: hook.payload,
    });
  }

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

  describe("POST /api/payments/stripe/webhook", () => {
    it("completes the order once, however often the verified webhook is replayed", async () => {
      const { order } = await placeHeld("EAT-1");
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      const first = await deliver(hook);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().outcome).toBe("completed");
      for (let i = 0; i < 5; i += 1) {
        const replay = await deliver(hook);
        expect(replay.statusCode).toBe(200);
        expect(replay.json().outcome).toBe("already_applied");
      }
      // A second, distinct success event for the same payment changes nothing either.
      const again = await deliver(
        webhook("payment_intent.succeeded", order.paymentReference ?? ""),
      );
      expect(again.json().outcome).toBe("already_applied");
      const paid = await orderOf(order.number);
      expect(paid.status).toBe("paid");
      const [cart] = await t.database.db
        .select()
        .from(carts)
        .where(eq(carts.id, order.cartId ?? ""));
      expect(cart?.status).toBe("purchased");
      await t.app.background.idle();
      const mails = await outboxTo(t.database.db, order.email);
      expect(mails.filter((m) => m.subject.includes(`#${order.number}`))).toHaveLength(1);
    });

    it("starts a signed-in buyer's subscription once when it completes the order", async () => {
      const user = await createUser(t.database.db);
      const v = visitorWithOwnIp(t.app);
      await signIn(v, user.email);
      const { order } = await placeHeld("ITCHY-2", v, "every-2-months");
      const listed = async () => (await v.get("/api/account/subscriptions")).json().subscriptions;
      expect(await listed()).toEqual([]);
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      expect((await deliver(hook)).json().outcome).toBe("completed");
      expect((await deliver(hook)).json().outcome).toBe("already_applied");
      const paid = await orderOf(order.number);
      expect(await listed()).toEqual([
        expect.objectContaining({
          sku: "ITCHY-2",
          order_number: order.number,
          subscription: expect.objectContaining({ subscription_id: "every-2-months" }),
          next_charge_on: nextChargeOn(isoDay(paid.paidAt ?? new Date(0)), "month", 2),
        }),
      ]);
    });

    it("keeps the card of a subscription order for renewals, which are charged off-session with one key per subscription, period and try", async () => {
      const user = await createUser(t.database.db);
      const v = visitorWithOwnIp(t.app);
      await signIn(v, user.email);
      const { order } = await placeHeld("ITCHY-1", v, "monthly");
      const customer = stub.calls.find((c) => c.path === "/v1/customers");
      expect(customer?.idempotencyKey).toBe(`order-${order.id}-intent-customer`);
      const intent = stub.calls.find((c) => c.path === "/v1/payment_intents");
      expect(intent?.body.get("setup_future_usage")).toBe("off_session");
      expect(intent?.body.get("customer")).toMatch(/^cus_/);
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "", undefined, {
        setup_future_usage: "off_session",
        payment_method: "pm_card_visa",
        customer: intent?.body.get("customer"),
      });
      expect((await deliver(hook)).json().outcome).toBe("completed");
      const [sub] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.id));
      expect(sub).toMatchObject({
        paymentMethod: "pm_card_visa",
        paymentCustomer: intent?.body.get("customer"),
      });
      if (!sub) throw new Error("no subscription");

      const deps = {
        db: t.database.db,
        payments: t.app.payments,
        mailer: t.app.mailer,
        log: t.app.log,
        linkKey: t.app.sessionKey,
      };
      const due = new Date(`${sub.nextChargeOn}T12:00:00Z`);
      stub.calls.length = 0;
      await renewSubscriptions(deps, due);
      const renewal = stub.calls.find((c) => c.body.get("off_session") === "true");
      expect(renewal?.idempotencyKey).toBe(`renewal:${sub.id}:${sub.nextChargeOn}:0`);
      expect(renewal?.body.get("payment_method")).toBe("pm_card_visa");
      expect(renewal?.body.get("customer")).toBe(sub.paymentCustomer);
      expect(renewal?.body.get("confirm")).toBe("true");
      // On the store's own account, where the card was kept.
      expect(renewal?.account).toBe(PETS_ACCOUNT);
      const [renewed] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.renewalOf, sub.id));
      expect(renewed).toMatchObject({ status: "paid", total: Number(renewal?.body.get("amount")) });

      // The card is declined at the next renewal: the order ends, the try is counted.
      await t.database.db
        .update(subscriptions)
        .set({ paymentMethod: "pm_card_chargeDeclined" })
        .where(eq(subscriptions.id, sub.id));
      const next = nextChargeOn(sub.nextChargeOn, "month", 1);
      await renewSubscriptions(deps, new Date(`${next}T12:00:00Z`));
      const declined = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.renewalOf, sub.id), eq(orders.status, "declined")));
      expect(declined.map((o) => o.failureMessage)).toEqual(["Your card was declined."]);
      const [after] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(after).toMatchObject({ status: "active", failedAttempts: 1, nextChargeOn: next });

      // A renewal's payment that succeeds after its hold expired is given back, not revived: the
      // period is renewed by the next try.
      const [late] = declined;
      if (!late) throw new Error("no declined renewal");
      await t.database.db
        .update(orders)
        .set({ status: "expired", paymentReference: "pi_late_renewal" })
        .where(eq(orders.id, late.id));
      stub.calls.length = 0;
      const lateHook = webhook("payment_intent.succeeded", "pi_late_renewal");
      expect((await deliver(lateHook)).json().outcome).toBe("refunded_no_stock");
      expect(stub.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(1);
      expect((await orderOf(late.number)).status).toBe("canceled");

      // A new card on the account page: a SetupIntent on the subscription's customer, confirmed
      // in the browser; its webhook keeps the card, once.
      stub.calls.length = 0;
      const inBody = await v.post(`/api/account/subscriptions/${sub.id}/card`, { card: GOOD_CARD });
      expect(inBody.statusCode).toBe(400);
      const asked = await v.post(`/api/account/subscriptions/${sub.id}/card`, {});
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().clientSecret).toMatch(/^seti_\w+_secret_stub$/);
      const setup = stub.calls.find((c) => c.path === "/v1/setup_intents");
      expect(setup?.body.get("customer")).toBe(sub.paymentCustomer);
      expect(setup?.body.get("usage")).toBe("off_session");
      expect(setup?.body.get("metadata[subscription_id]")).toBe(sub.id);
      expect(setup?.idempotencyKey).toMatch(new RegExp(`^subscription-card-${sub.id}-`));
      expect(setup?.account).toBe(PETS_ACCOUNT);
      const cardSaved = (account: string) => {
        const payload = JSON.stringify({
          id: `evt_${randomUUID().replaceAll("-", "")}`,
          object: "event",
          account,
          type: "setup_intent.succeeded",
          data: {
            object: {
              id: "seti_confirmed",
              object: "setup_intent",
              payment_method: "pm_card_mastercard",
              customer: sub.paymentCustomer,
              metadata: { store_id: sub.storeId, subscription_id: sub.id },
            },
          },
        });
        return {
          payload,
          signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        };
      };
      // Another store's account cannot give this subscription a card.
      expect((await deliver(cardSaved(HEMP_ACCOUNT))).json().outcome).toBe("unknown_order");
      const saved = cardSaved(PETS_ACCOUNT);
      expect((await deliver(saved)).json().outcome).toBe("card_saved");
      expect((await deliver(saved)).json().outcome).toBe("already_applied");
      const [withCard] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(withCard).toMatchObject({ paymentMethod: "pm_card_mastercard", status: "active" });
    });

    it("keeps in the cart what the shopper added while the payment was under way", async () => {
      const { v, order } = await placeHeld("DRAMA-2");
      await v.post("/api/cart/items", { sku: "EAT-2", quantity: 1 });
      const res = await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      expect(res.json().outcome).toBe("completed");
      const cart = (await v.get("/api/cart")).json();
      expect(cart.cartItems.map((i: { sku: string }) => i.sku)).toEqual(["EAT-2"]);
    });

    it("refuses with 400, and applies neither, a webhook with a bad signature or a timestamp older than 300 s", async () => {
      const { order } = await placeHeld("EAT-1");
      const forged = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      const bad = await deliver({
        ...forged,
        // Flip the signature's first hex digit: "0" when it is not, "1" when it is, never the same.
        signature: forged.signature.replace(/v1=(\w)/, (_, d: string) =>
          d === "0" ? "v1=1" : "v1=0",
        ),
      });
      expect(bad.statusCode).toBe(400);
      const stale = webhook(
        "payment_intent.succeeded",
        order.paymentReference ?? "",
        Math.floor(Date.now() / 1000) - 301,
      );
      expect((await deliver(stale)).statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json" },
        payload: forged.payload,
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await orderOf(order.number)).status).toBe("awaiting_payment");
    });

    it("verifies an event signed by either endpoint's secret (connected accounts', platform's), and names a stale one", async () => {
      const { order } = await placeHeld("EAT-1");
      const reference = order.paymentReference ?? "";
      const other = "whsec_notoneofours";
      const foreign = webhook(
        "payment_intent.succeeded",
        reference,
        undefined,
        {},
        PETS_ACCOUNT,
        other,
      );
      const refused = await deliver(foreign);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/^Webhook refused: No signatures found/);
      const old = Math.floor(Date.now() / 1000) - 301;
      const stale = webhook("payment_intent.succeeded", reference, old, {}, PETS_ACCOUNT);
      expect((await deliver(stale)).json().error.message).toMatch(/tolerance/);
      const byPlatform = webhook(
        "payment_intent.succeeded",
        reference,
        undefined,
        {},
        PETS_ACCOUNT,
        PLATFORM_WEBHOOK_SECRET,
      );
      const applied = await deliver(byPlatform);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().outcome).toBe("completed");
    });

    it("keeps the hold after a failed attempt, so the shopper may try another card, and records the reason", async () => {
      const { order } = await placeHeld("EAT-1");
      const res = await deliver(
        webhook("payment_intent.payment_failed", order.paymentReference ?? ""),
      );
      expect(res.json().outcome).toBe("recorded_failure");
      const after = await orderOf(order.number);
      expect(after.status).toBe("awaiting_payment");
      expect(after.failureMessage).toBe("Your card was declined.");
    });

    it("does not record an event for an unknown PaymentIntent, so Stripe's retry can still apply it", async () => {
      const hook = webhook("payment_intent.succeeded", "pi_unknown_to_this_server");
      expect((await deliver(hook)).json().outcome).toBe("unknown_order");
      expect((await deliver(hook)).json().outcome).toBe("unknown_order");
    });
  });

  describe("POST /api/admin/orders/{number}/refunds", () => {
    it("refunds part of a paid order on Stripe, with the amount and a key of the refund's own", async () => {
      const { order } = await placeHeld("EAT-1");
      expect(
        (await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? "")))
          .statusCode,
      ).toBe(200);
      const owner = await createUser(t.database.db, { storeId: PET_STORE, userType: "admin" });
      const admin = visitorWithOwnIp(t.app, PETS);
      expect((await signIn(admin, owner.email)).statusCode).toBe(200);
      stub.calls.length = 0;
      const key = randomUUID();
      const path = `/api/admin/orders/${order.number}/refunds`;
      const res = await admin.post(path, { amount: 1250 }, { "idempotency-key": key });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refundedAmount: 1250, refundable: order.total - 1250 });
      const refunds = stub.calls.filter((c) => c.path === "/v1/refunds");
      expect(refunds).toHaveLength(1);
      expect(refunds[0]?.body.get("payment_intent")).toBe(order.paymentReference);
      expect(refunds[0]?.body.get("amount")).toBe("1250");
      expect(refunds[0]?.idempotencyKey).toMatch(/^refund-[0-9a-f-]{36}$/);
      // The same request again: the same refund, and Stripe is not asked twice.
      const again = await admin.post(path, { amount: 1250 }, { "idempotency-key": key });
      expect(again.json().refundedAmount).toBe(1250);
      expect(stub.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(1);
    });

    it("keeps a refund pending when Stripe fails, and finishes it with the same key", async () => {
      const { order } = await placeHeld("EAT-1");
      await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      const owner = await createUser(t.database.db, { storeId: PET_STORE, userType: "admin" });
      const admin = visitorWithOwnIp(t.app, PETS);
      await signIn(admin, owner.email);
      stub.failNext.refunds = 3;
      const key = randomUUID();
      const path = `/api/admin/orders/${order.number}/refunds`;
      const res = await admin.post(path, { amount: order.total }, { "idempotency-key": key });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(REFUND_MESSAGES.pending);
      expect((await orderOf(order.number)).refundedAmount).toBe(0);
      // Sent again with its key once Stripe answers: finished, under the same refund key.
      const again = await admin.post(path, { amount: order.total }, { "idempotency-key": key });
      expect(again.json().refundedAmount).toBe(order.total);
      const keys = new Set(
        stub.calls.filter((c) => c.path === "/v1/refunds").map((c) => c.idempotencyKey),
      );
      expect(keys.size).toBe(1);
    });
  });

  describe("a hold not paid within 30 minutes", () => {
    it("is released: the order expires, its stock comes back and the PaymentIntent is cancelled", async () => {
      const before = await stockOf(t.database.db, "CANTPOO-1");
      const { order } = await placeHeld("CANTPOO-1");
      expect(await stockOf(t.database.db, "CANTPOO-1")).toBe(before - 1);
      const later = new Date(Date.now() + 31 * 60 * 1000);
      expect(
        await releaseExpiredHolds(t.database.db, t.app.payments, later, console),
      ).toBeGreaterThan(0);
      expect((await orderOf(order.number)).status).toBe("expired");
      expect(await stockOf(t.database.db, "CANTPOO-1")).toBe(before);
      const cancel = stub.calls.find(
        (c) => c.path === `/v1/payment_intents/${order.paymentReference}/cancel`,
      );
      expect(cancel?.idempotencyKey).toBe(`order-${order.id}-cancel`);
    });

    it("is completed by a late payment when the stock is still there", async () => {
      const before = await stockOf(t.database.db, "PEEPEE-1");
      const { order } = await placeHeld("PEEPEE-1");
      await expireHolds();
      const res = await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      expect(res.json().outcome).toBe("completed");
      expect((await orderOf(order.number)).status).toBe("paid");
      expect(await stockOf(t.database.db, "PEEPEE-1")).toBe(before - 1);
    });

    it("refunds a late payment whose refund failed at first when Stripe retries the webhook", async () => {
      const { order } = await placeHeld("OUCHIE-1");
      await expireHolds();
      await setStock(t.database.db, "OUCHIE-1", 0);
      const hook = webhook("payment_intent.succeeded", order.paymentReference ?? "");
      stub.failNext.refunds = 3;
      expect((await deliver(hook)).statusCode).toBe(500);
      const retried = await deliver(hook);
      expect(retried.json().outcome).toBe("refunded_no_stock");
      const refunds = stub.calls.filter((c) => c.path === "/v1/refunds");
      expect(refunds.at(-1)?.idempotencyKey).toBe(`order-${order.id}-refund`);
      expect((await orderOf(order.number)).status).toBe("canceled");
    });

    it("refunds, and does not answer 500 to, a late payment whose product was deleted", async () => {
      const { order } = await placeHeld("FUNGUS-2");
      await expireHolds();
      await t.database.db
        .delete(variants)
        .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "FUNGUS-2")));
      const res = await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe("refunded_no_stock");
    });

    it("refunds a payment for an order a newer checkout replaced, rather than completing both", async () => {
      const first = await placeHeld("PEEPEE-2");
      const second = await checkOut(first.v, "express");
      expect(second.statusCode).toBe(200);
      const res = await deliver(
        webhook("payment_intent.succeeded", first.order.paymentReference ?? ""),
      );
      expect(res.json().outcome).toBe("refunded_no_stock");
      expect((await orderOf(first.order.number)).status).toBe("canceled");
      expect((await orderOf(second.json().order.number)).status).toBe("awaiting_payment");
    });

    it("gives the buyer's points back, takes them again for a late payment, and refunds one they were spent from meanwhile", async () => {
      const user = await createUser(t.database.db, { pointsBalance: 200 });
      const balance = async () =>
        (
          await t.database.db
            .select({ points: users.pointsBalance })
            .from(users)
            .where(eq(users.id, user.id))
        )[0]?.points;
      /** Checks out one DRAMA-1 with the shopper's points; the order awaits Stripe. */
      async function heldWithPoints() {
        const v = new Visitor(t.app, PETS);
        expect((await signIn(v, user.email)).statusCode).toBe(200);
        await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 1 });
        const quote = (
          await v.post("/api/checkout/quote", { address: quoteAddress(), usePoints: true })
        ).json();
        const res = await v.post(
          "/api/checkout",
          {
            email: user.email,
            name: "Points Buyer",
            address: NY_ADDRESS,
            shippingOptionId: "standard",
            expectedTotal: quote.total,
            usePoints: true,
          },
          { "idempotency-key": randomUUID() },
        );
        expect(res.statusCode, res.body).toBe(200);
        return orderOf(res.json().order.number);
      }
      const first = await heldWithPoints();
      expect(first.pointsSpent).toBe(200);
      expect(await balance()).toBe(0);
      await expireHolds();
      expect(await balance()).toBe(200);
      // Paid late with the points still there: they are spent again and the order completes.
      const late = await deliver(webhook("payment_intent.succeeded", first.paymentReference ?? ""));
      expect(late.json().outcome).toBe("completed");
      expect(await balance()).toBe(pointsEarned(first.total));
      // Paid late after the points went elsewhere: refunded, nothing taken twice.
      await t.database.db.update(users).set({ pointsBalance: 200 }).where(eq(users.id, user.id));
      const second = await heldWithPoints();
      await expireHolds();
      await t.database.db.update(users).set({ pointsBalance: 10 }).where(eq(users.id, user.id));
      const refused = await deliver(
        webhook("payment_intent.succeeded", second.paymentReference ?? ""),
      );
      expect(refused.json().outcome).toBe("refunded_no_stock");
      expect(await balance()).toBe(10);
    });

    it("is never confirmed for stock that is gone: the order is canceled and the payment refunded", async () => {
      const { order } = await placeHeld("ITCHY-1");
      await expireHolds();
      await setStock(t.database.db, "ITCHY-1", 0);
      const res = await deliver(webhook("payment_intent.succeeded", order.paymentReference ?? ""));
      expect(res.json().outcome).toBe("refunded_no_stock");
      expect((await orderOf(order.number)).status).toBe("canceled");
      expect(await stockOf(t.database.db, "ITCHY-1")).toBe(0);
      const refund = stub.calls.find((c) => c.path === "/v1/refunds");
      expect(refund?.body.get("payment_intent")).toBe(order.paymentReference);
      expect(refund?.idempotencyKey).toBe(`order-${order.id}-refund`);
    });
  });
});

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
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof stripeStub>>;
  beforeAll(async () => {
    stub = await stripeStub();
    t = await stripeApp(stub.url, { env: "production" });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
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
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof stripeStub>>;
  beforeAll(async () => {
    stub = await stripeStub();
    t = await stripeApp(stub.url, {
      env: "production",
      stripePlatformStores: [PET_STORE],
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
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
