import {
  addDays,
  isoDay,
  nextChargeOn,
  SUBSCRIPTION_MESSAGES,
  subscriptionPrice,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  GOOD_CARD,
  outboxTo,
  priceOf,
  setStock,
  signedInVisitor,
  signIn,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { orderLines, subscriptions } from "../../db/schema.ts";
import { noon, renewalTestHelpers, useRenewalTestApp } from "./renew-subscription-test-helpers.ts";

describe("subscription renewals", () => {
  const { t, processor } = useRenewalTestApp();
  const { renew, subscribed, changeOn, renewalOrders, subscriptionRow, history } =
    renewalTestHelpers(() => t);

  /** The shopper, signed in again on `day`, gives a new card for the subscription that day. */
  async function cardOn(day: string, email: string, id: string, body: object) {
    vi.useFakeTimers({ toFake: ["Date"], now: noon(day) });
    try {
      const v = visitorWithOwnIp(t.app);
      expect((await signIn(v, email)).statusCode).toBe(200);
      return await v.post(`/api/account/subscriptions/${id}/card`, body);
    } finally {
      vi.useRealTimers();
    }
  }

  const chargesOf = (amount: number) =>
    [...processor.charges.values()].filter((c) => c.amount === amount && !c.refunded).length;

  it("renews a monthly subscription through a year: one paid order and one charge per month, stock taken, the next date moved, each confirmed by email", async () => {
    await setStock(t.database.db, "YOUNG-1", 500);
    const start = "2027-01-31";
    const { email, id, firstTotal } = await subscribed("YOUNG-1", 2, "monthly", start);
    const stockAfterFirst = await stockOf(t.database.db, "YOUNG-1");
    const price = subscriptionPrice(await priceOf(t.database.db, "YOUNG-1", "usd"), 10);

    // Every day of the year that follows, the job runs (twice on some days: it renews once).
    const expected: string[] = [];
    for (let day = nextChargeOn(start, "month", 1); day <= addDays(start, 366); ) {
      expected.push(day);
      day = nextChargeOn(day, "month", 1, 31);
    }
    for (let day = addDays(start, 1); day <= addDays(start, 366); day = addDays(day, 1)) {
      await renew(day);
      if (expected.includes(day)) await renew(day);
    }
    // Month ends follow the calendar: started on the 31st, it is charged on each month's last day.
    expect(expected.slice(0, 4)).toEqual(["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(expected).toHaveLength(12);

    const renewals = await renewalOrders(id);
    expect(renewals).toHaveLength(12);
    expect(renewals.every((o) => o.status === "paid" && o.userId !== null)).toBe(true);
    expect(renewals.map((o) => isoDay(o.paidAt ?? new Date(0)))).toEqual(expected);
    // Each renewal is the plan's price now, shipped and taxed as the first order.
    expect(renewals.map((o) => o.subtotal)).toEqual(Array(12).fill(price * 2));
    expect(renewals.map((o) => o.total)).toEqual(Array(12).fill(firstTotal));
    // The first order's charge and one per renewal: none twice.
    expect(chargesOf(firstTotal)).toBe(13);
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, renewals[0]?.id ?? ""));
    expect(lines).toMatchObject([
      {
        sku: "YOUNG-1",
        quantity: 2,
        unitPrice: price,
        subscription: { subscription_id: "monthly" },
      },
    ]);
    expect(await stockOf(t.database.db, "YOUNG-1")).toBe(stockAfterFirst - 24);

    const sub = await subscriptionRow(id);
    expect(sub).toMatchObject({
      status: "active",
      nextChargeOn: nextChargeOn(expected[11] ?? "", "month", 1, 31),
      failedAttempts: 0,
      retryOn: null,
    });
    // A renewal starts no subscription of its own.
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, sub.userId)),
    ).toHaveLength(1);
    const renewed = (await history(id)).filter((e) => e.action === "renewed");
    expect(renewed).toHaveLength(12);
    expect(renewed[0]?.detail).toMatchObject({
      period: "2027-02-28",
      order_number: renewals[0]?.number,
    });
    await t.app.background.idle();
    const confirmations = (await outboxTo(t.database.db, email)).filter((m) =>
      renewals.some((o) => m.subject.includes(String(o.number))),
    );
    expect(confirmations).toHaveLength(12);
  });

  it("retries a declined renewal after 1, 3 and 7 days, mails each time, pauses after the last try, and renews again once resumed", async () => {
    // The card runs to the end of March 2027: the April renewal finds it expired.
    const card = { ...GOOD_CARD, expMonth: 3, expYear: 2027 };
    const { v, email, id } = await subscribed("DRAMA-1", 1, "monthly", "2027-02-10", card);
    const stock = await stockOf(t.database.db, "DRAMA-1");

    await renew("2027-03-10");
    expect(await renewalOrders(id)).toHaveLength(1);
    const tries = ["2027-04-10", "2027-04-11", "2027-04-14", "2027-04-21"];
    // Nothing is tried between the retry days.
    for (let day = "2027-04-10"; day <= "2027-05-31"; day = addDays(day, 1)) {
      const before = (await renewalOrders(id)).length;
      await renew(day);
      expect((await renewalOrders(id)).length - before).toBe(tries.includes(day) ? 1 : 0);
    }
    const renewals = await renewalOrders(id);
    expect(renewals.map((o) => o.status)).toEqual([
      "paid",
      "declined",
      "declined",
      "declined",
      "declined",
    ]);
    expect(renewals.slice(1).every((o) => o.failureMessage === "Your card has expired.")).toBe(
      true,
    );
    // Declined tries give their stock back: only the March delivery took any.
    expect(await stockOf(t.database.db, "DRAMA-1")).toBe(stock - 1);

    expect(await subscriptionRow(id)).toMatchObject({
      status: "paused",
      pausedReason: "payment_failed",
      nextChargeOn: "2027-04-10",
      retryOn: null,
    });
    const failures = (await history(id)).filter(
      (e) => e.actor === "renewal" && e.action !== "renewed",
    );
    expect(failures.map((e) => [e.action, e.detail.retry_on])).toEqual([
      ["renewal_failed", "2027-04-11"],
      ["renewal_failed", "2027-04-14"],
      ["renewal_failed", "2027-04-21"],
      ["paused", null],
    ]);
    const mails = (await outboxTo(t.database.db, email)).filter((m) =>
      m.subject.includes("subscription"),
    );
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/could not be renewed$/),
      expect.stringMatching(/could not be renewed$/),
      expect.stringMatching(/could not be renewed$/),
      expect.stringMatching(/is paused$/),
    ]);
    expect(mails[0]?.text).toContain("We could not charge your card ending 4242");
    expect(mails[0]?.text).toContain("Your card has expired.");
    expect(mails[0]?.text).toContain("We will try again on 2027-04-11.");
    expect(mails[0]?.text).toMatch(
      /Manage the subscription on your account: https:\/\/[^/]+\/account#subscriptions/,
    );
    expect(mails[3]?.text).toContain("Your subscription is paused.");

    const listed = (await v.get("/api/account/subscriptions")).json().subscriptions[0];
    expect(listed).toMatchObject({ status: "paused", paused_reason: "payment_failed" });

    // Resumed on June 2nd: due at once, and tried that day.
    const resumed = await changeOn("2027-06-02", email, id, { action: "resume" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().subscription).toMatchObject({
      status: "active",
      paused_reason: null,
      next_charge_on: "2027-06-02",
    });
    await renew("2027-06-02");
    expect(await renewalOrders(id)).toHaveLength(6);
    expect(await subscriptionRow(id)).toMatchObject({ failedAttempts: 1, retryOn: "2027-06-03" });

    // A new card, the same day: tried again at the next run, and renewed.
    const mastercard = { number: "5555 5555 5555 4444", expMonth: 8, expYear: 2031, cvc: "321" };
    const updated = await cardOn("2027-06-02", email, id, { card: mastercard });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      clientSecret: null,
      subscription: {
        status: "active",
        retry_on: "2027-06-02",
        card: { brand: "mastercard", last4: "4444" },
      },
    });
    await renew("2027-06-02");
    expect((await renewalOrders(id)).map((o) => o.status).at(-1)).toBe("paid");
    // Resumed on June 2nd, its schedule runs from that day.
    expect(await subscriptionRow(id)).toMatchObject({
      failedAttempts: 0,
      retryOn: null,
      nextChargeOn: "2027-07-02",
    });
    const cardEvent = (await history(id)).find((e) => e.action === "card_updated");
    expect(cardEvent?.detail).toEqual({ last4: "4444", resumed: false });
  });

  it("takes a new card for a subscription paused by declines and makes it active again; refuses a card the processor declines", async () => {
    const card = { ...GOOD_CARD, expMonth: 1, expYear: 2028 };
    const { email, id } = await subscribed("YOUNG-1", 1, "monthly", "2027-12-05", card);
    for (const day of ["2028-02-05", "2028-02-06", "2028-02-09", "2028-02-16"]) await renew(day);
    expect(await subscriptionRow(id)).toMatchObject({
      status: "paused",
      pausedReason: "payment_failed",
    });

    const declined = await cardOn("2028-02-20", email, id, {
      card: { ...GOOD_CARD, number: "4000 0000 0000 0002" },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe("Your card was declined.");
    const missing = await cardOn("2028-02-20", email, id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain(SUBSCRIPTION_MESSAGES.cardNeeded);
    expect(await subscriptionRow(id)).toMatchObject({ status: "paused", cardLast4: "4242" });

    const kept = await cardOn("2028-02-20", email, id, { card: GOOD_CARD });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().subscription).toMatchObject({
      status: "active",
      paused_reason: null,
      next_charge_on: "2028-02-20",
    });
    await renew("2028-02-20");
    expect((await renewalOrders(id)).map((o) => o.status).at(-1)).toBe("paid");

    const { v: other } = await signedInVisitor(t.app, t.database.db);
    const notTheirs = await other.post(`/api/account/subscriptions/${id}/card`, {
      card: GOOD_CARD,
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it("goes through a year with a decline, a new card, a retry and a cancel: exactly the right orders and charges", async () => {
    await setStock(t.database.db, "DRAMA-2", 300);
    // The card runs to the end of April 2029: May's renewal is declined.
    const card = { ...GOOD_CARD, expMonth: 4, expYear: 2029 };
    const { email, id, firstTotal } = await subscribed("DRAMA-2", 3, "monthly", "2029-01-15", card);
    const chargesBefore = chargesOf(firstTotal);
    for (let day = "2029-01-16"; day <= "2030-01-20"; day = addDays(day, 1)) {
      // The shopper gives a new card the morning after the decline, and cancels in August.
      if (day === "2029-05-16") {
        const kept = await cardOn(day, email, id, { card: GOOD_CARD });
        expect(kept.statusCode, kept.body).toBe(200);
      }
      if (day === "2029-08-20") {
        const cancelled = await changeOn(day, email, id, { action: "cancel" });
        expect(cancelled.json().subscription.status).toBe("cancelled");
      }
      await renew(day);
    }
    const renewals = await renewalOrders(id);
    expect(renewals.map((o) => [o.status, isoDay(o.paidAt ?? o.updatedAt)])).toEqual([
      ["paid", "2029-02-15"],
      ["paid", "2029-03-15"],
      ["paid", "2029-04-15"],
      ["declined", "2029-05-15"],
      ["paid", "2029-05-16"],
      ["paid", "2029-06-15"],
      ["paid", "2029-07-15"],
      ["paid", "2029-08-15"],
    ]);
    // One charge per paid renewal, none for the decline, none after the cancel.
    expect(chargesOf(firstTotal) - chargesBefore).toBe(7);
    expect(renewals.every((o) => o.status !== "paid" || o.total === firstTotal)).toBe(true);
    expect(await subscriptionRow(id)).toMatchObject({ status: "cancelled" });
    const actions = (await history(id)).map((e) => e.action);
    expect(actions.filter((a) => a === "renewed")).toHaveLength(7);
    expect(actions.filter((a) => a === "renewal_failed")).toHaveLength(1);
    expect(actions.filter((a) => a === "card_updated")).toHaveLength(1);
    expect(actions.at(-1)).toBe("cancel");
  });

  it("renews once when two job runs take the same subscriptions at the same time", async () => {
    const { id } = await subscribed("OUCHIE-1", 1, "monthly", "2027-05-05");
    const charges = processor.charges.size;
    await Promise.all([renew("2027-06-05"), renew("2027-06-05")]);
    const renewals = await renewalOrders(id);
    expect(renewals.map((o) => o.status)).toEqual(["paid"]);
    // The only other subscription due that day is one whose card has expired (declined).
    expect(processor.charges.size).toBe(charges + 1);
    expect(await subscriptionRow(id)).toMatchObject({ nextChargeOn: "2027-07-05" });
  });
});
