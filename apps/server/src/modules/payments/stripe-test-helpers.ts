import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeEach, expect } from "vitest";
import { HEMP_STORE, NY_ADDRESS, PET_STORE, PETS, quoteAddress } from "../../../test/fixtures.ts";
import { createTestApp, madeBeforeAll, readThrough, type TestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import type { Config } from "../../config.ts";
import { orders, stores } from "../../db/schema.ts";

/** The endpoint for events on connected accounts, and the platform's own endpoint. */
export const WEBHOOK_SECRET = "whsec_localtestsecret";
export const PLATFORM_WEBHOOK_SECRET = "whsec_localplatformsecret";
/** The demo stores' connected accounts (Stripe Connect) in these tests. */
export const PETS_ACCOUNT = "acct_1PetsLocal";
export const HEMP_ACCOUNT = "acct_1HempLocal";
export const signer = new Stripe("sk_test_signer");

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
export async function stripeStub() {
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
export function stripeApp(apiUrl: URL, overrides: Partial<Config> = {}) {
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
export function webhook(
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

/** The pet and hemp stores have connected their own Stripe accounts; the garden store has not. */
export async function connectStripeAccounts(t: TestApp) {
  await t.database.db
    .update(stores)
    .set({ stripeId: PETS_ACCOUNT })
    .where(eq(stores.id, PET_STORE));
  await t.database.db
    .update(stores)
    .set({ stripeId: HEMP_ACCOUNT })
    .where(eq(stores.id, HEMP_STORE));
}

/**
 * The steps the tests of "Stripe payments" share, on the test app `testApp()` answers (the one
 * the file's beforeAll made).
 */
export function stripeTestHelpers(testApp: () => TestApp) {
  async function orderOf(number: number) {
    const [row] = await testApp()
      .database.db.select()
      .from(orders)
      .where(eq(orders.number, number));
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
  async function placeHeld(
    sku: string,
    v = new Visitor(testApp().app, PETS),
    subscription_id?: string,
  ) {
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
    return testApp().app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": hook.signature },
      payload: hook.payload,
    });
  }

  return { orderOf, checkOut, placeHeld, deliver };
}

/**
 * The Stripe tests' setup, made before the file's (or describe block's) tests and closed after
 * them: the Stripe stand-in, an app paying through it (with `overrides`), the demo stores
 * connected to their accounts unless `connectAccounts` is false, and, unless `forgetCalls` is
 * false, no stand-in calls remembered at each test's start. `t` and `stub` read as the app and
 * the stand-in; the shared steps come with them.
 */
export function useStripeApp({
  overrides = {},
  connectAccounts = true,
  forgetCalls = true,
}: {
  overrides?: Partial<Config>;
  connectAccounts?: boolean;
  forgetCalls?: boolean;
} = {}) {
  const current = madeBeforeAll(
    async () => {
      const stub = await stripeStub();
      const t = await stripeApp(stub.url, overrides);
      if (connectAccounts) await connectStripeAccounts(t);
      return { stub, t };
    },
    async ({ t, stub }) => {
      await t.close();
      await stub.close();
    },
  );
  if (forgetCalls) {
    beforeEach(() => {
      current().stub.calls.length = 0;
    });
  }
  const t = readThrough(() => current().t);
  const stub = readThrough(() => current().stub);
  return { t, stub, ...stripeTestHelpers(() => t) };
}
