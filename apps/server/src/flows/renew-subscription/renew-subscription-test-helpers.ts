import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterEach, expect, vi } from "vitest";
import {
  GOOD_CARD,
  NY_ADDRESS,
  quoteAddress,
  signedInVisitor,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { type TestApp, useTestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { orders, subscriptionEvents, subscriptions } from "../../db/schema.ts";
import { acrossStores } from "../../db/store-scope.ts";
import { TestCardProcessor } from "../../modules/payments/test-processor.ts";
import { renewSubscriptions } from "./index.ts";

/** Noon UTC on a YYYY-MM-DD day: the renewal job's clock in these tests. */
export const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * The renewal job, the shoppers and the reads the renewal tests share, on the test app
 * `testApp()` answers (the one the file's beforeAll made).
 */
export function renewalTestHelpers(testApp: () => TestApp) {
  // As the job runner runs it: across stores.
  const renew = (day: string) =>
    acrossStores(() =>
      renewSubscriptions(
        {
          db: testApp().database.db,
          payments: testApp().app.payments,
          mailer: testApp().app.mailer,
          log: testApp().app.log,
          linkKey: testApp().app.sessionKey,
        },
        noon(day),
      ),
    );

  /**
   * A signed-in shopper who subscribed to `quantity` of `sku` on `plan`, paid on `paidOn` with
   * `card`; answers the shopper, the subscription's id and the first order's total.
   */
  async function subscribed(
    sku: string,
    quantity: number,
    plan: string,
    paidOn: string,
    card = GOOD_CARD,
    account: { userType?: "wholesale" } = {},
  ): Promise<{ v: Visitor; email: string; id: string; firstTotal: number }> {
    // The shopper signs in and pays on that day (the session and the card's expiry follow it).
    vi.useFakeTimers({ toFake: ["Date"], now: noon(paidOn) });
    const { v, user } = await signedInVisitor(testApp().app, testApp().database.db, account);
    const added = await v.post("/api/cart/items", { sku, quantity, subscription_id: plan });
    expect(added.statusCode, added.body).toBe(200);
    const quote = (await v.post("/api/checkout/quote", { address: quoteAddress() })).json();
    const paid = await v.post(
      "/api/checkout",
      {
        email: user.email,
        name: "Sam Subscriber",
        address: NY_ADDRESS,
        shippingOptionId: quote.selectedShippingOption.id,
        expectedTotal: quote.total,
        card,
      },
      { "idempotency-key": randomUUID() },
    );
    vi.useRealTimers();
    expect(paid.statusCode, paid.body).toBe(200);
    const [sub] = await testApp()
      .database.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    if (!sub) throw new Error("no subscription started");
    return { v, email: user.email, id: sub.id, firstTotal: paid.json().order.total };
  }

  /** The shopper, signed in again on `day`, changes the subscription that day. */
  async function changeOn(day: string, email: string, id: string, body: object) {
    vi.useFakeTimers({ toFake: ["Date"], now: noon(day) });
    try {
      const v = visitorWithOwnIp(testApp().app);
      expect((await signIn(v, email)).statusCode).toBe(200);
      return await v.patch(`/api/account/subscriptions/${id}`, body);
    } finally {
      vi.useRealTimers();
    }
  }

  const renewalOrders = (id: string) =>
    testApp()
      .database.db.select()
      .from(orders)
      .where(eq(orders.renewalOf, id))
      .orderBy(asc(orders.createdAt), asc(orders.number));
  const subscriptionRow = async (id: string) => {
    const [row] = await testApp()
      .database.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const history = (id: string) =>
    testApp()
      .database.db.select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(asc(subscriptionEvents.createdAt));

  return { renew, subscribed, changeOn, renewalOrders, subscriptionRow, history };
}

/**
 * The renewal tests' setup: an app paying through the test card processor, made before the
 * tests and closed after them, with the real clock back after each test.
 */
export function useRenewalTestApp() {
  const processor = new TestCardProcessor();
  const t = useTestApp({}, { testProcessor: processor });
  afterEach(() => {
    vi.useRealTimers();
  });
  return { t, processor };
}
