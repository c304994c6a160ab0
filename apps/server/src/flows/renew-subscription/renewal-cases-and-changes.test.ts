import { SUBSCRIPTION_MESSAGES, subscriptionPrice } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GOOD_CARD,
  outboxTo,
  priceOf,
  setStock,
  setStoreDisabled,
  signedInVisitor,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { orderLines, subscriptionEvents, subscriptions } from "../../db/schema.ts";
import { Payments } from "../../modules/payments/index.ts";
import type { TestCardProcessor } from "../../modules/payments/test-processor.ts";
import { renewSubscriptions } from "./index.ts";
import { noon, renewalTestHelpers, useRenewalTestApp } from "./renew-subscription-test-helpers.ts";

describe("subscription renewals", () => {
  const { t, processor } = useRenewalTestApp();
  const { renew, subscribed, changeOn, renewalOrders, subscriptionRow, history } =
    renewalTestHelpers(() => t);

  it("charges nothing while the stock is short, retries, and renews once the stock is back", async () => {
    const { id } = await subscribed("ITCHY-2", 2, "monthly", "2027-07-01");
    await setStock(t.database.db, "ITCHY-2", 1);
    await renew("2027-08-01");
    // No order, so no charge; the stock is as it was.
    expect(await renewalOrders(id)).toHaveLength(0);
    expect(await stockOf(t.database.db, "ITCHY-2")).toBe(1);
    expect(await subscriptionRow(id)).toMatchObject({ failedAttempts: 1, retryOn: "2027-08-02" });
    const [failure] = (await history(id)).filter((e) => e.action === "renewal_failed");
    expect(failure?.detail).toMatchObject({ reason: "out_of_stock" });

    await setStock(t.database.db, "ITCHY-2", 5);
    await renew("2027-08-02");
    expect((await renewalOrders(id)).map((o) => o.status)).toEqual(["paid"]);
    expect(await stockOf(t.database.db, "ITCHY-2")).toBe(3);
    // The delivery is still the one due on August 1st: the next is September 1st.
    expect(await subscriptionRow(id)).toMatchObject({
      nextChargeOn: "2027-09-01",
      failedAttempts: 0,
    });
  });

  it("keeps a try the provider did not answer, refuses the shopper's changes meanwhile, and charges it again under the same key", async () => {
    const { email, id } = await subscribed("ITCHY-1", 1, "every-2-months", "2027-10-20");
    const down = Object.create(processor) as TestCardProcessor;
    down.chargeSaved = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    const deps = {
      db: t.database.db,
      payments: new Payments({ stripe: null, env: "test" }, down),
      mailer: t.app.mailer,
      log: { ...t.app.log, error: () => {} } as unknown as typeof t.app.log,
      linkKey: t.app.sessionKey,
    };
    await renewSubscriptions(deps, noon("2027-12-20"));
    const [waiting] = await renewalOrders(id);
    expect(waiting).toMatchObject({ status: "awaiting_payment" });
    expect(waiting?.idempotencyKey).toBe(`renewal:${id}:2027-12-20:0`);
    const refused = await changeOn("2027-12-20", email, id, { action: "cancel" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(SUBSCRIPTION_MESSAGES.renewing);

    await renew("2027-12-20");
    expect((await renewalOrders(id)).map((o) => [o.status, o.idempotencyKey])).toEqual([
      ["paid", `renewal:${id}:2027-12-20:0`],
    ]);
    expect(await subscriptionRow(id)).toMatchObject({
      status: "active",
      nextChargeOn: "2028-02-20",
    });
  });

  it("pauses once, with one email, a subscription that has no card kept, and will not resume it", async () => {
    const { email, id } = await subscribed("YOUNG-2", 1, "monthly", "2027-11-03");
    await t.database.db
      .update(subscriptions)
      .set({ paymentMethod: null, cardBrand: null, cardLast4: null })
      .where(eq(subscriptions.id, id));
    await renew("2027-12-03");
    await renew("2027-12-04");
    expect(await renewalOrders(id)).toEqual([]);
    expect(await subscriptionRow(id)).toMatchObject({ status: "paused", pausedReason: "no_card" });
    const mails = (await outboxTo(t.database.db, email)).filter((m) =>
      m.subject.includes("is paused"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("No card is kept for this subscription");
    const resumed = await changeOn("2027-12-05", email, id, { action: "resume" });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().error.message).toBe(SUBSCRIPTION_MESSAGES.noCard);
  });

  it("renews a trade account's subscription at its trade price, with no points", async () => {
    await setStock(t.database.db, "OUCHIE-2", 200);
    const { id } = await subscribed("OUCHIE-2", 12, "monthly", "2028-03-01", GOOD_CARD, {
      userType: "wholesale",
    });
    const [firstLine] = await t.database.db
      .select({ unitPrice: orderLines.unitPrice })
      .from(orderLines)
      .innerJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
      .where(eq(subscriptions.id, id));
    const retail = subscriptionPrice(await priceOf(t.database.db, "OUCHIE-2", "usd"), 10);
    expect(firstLine?.unitPrice).toBeLessThan(retail);
    await renew("2028-04-01");
    const [renewal] = await renewalOrders(id);
    expect(renewal).toMatchObject({ status: "paid", tradePrices: true, pointsEarned: 0 });
    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, renewal?.id ?? ""));
    expect(line?.unitPrice).toBe(firstLine?.unitPrice);
  });

  it("charges nobody at a disabled store, and renews there once it is enabled again", async () => {
    const { id } = await subscribed("OUCHIE-1", 1, "monthly", "2028-06-10");
    await setStoreDisabled(t.database.db, true);
    try {
      const charges = processor.charges.size;
      await renew("2028-07-10");
      expect(await renewalOrders(id)).toHaveLength(0);
      expect(processor.charges.size).toBe(charges);
      expect(await subscriptionRow(id)).toMatchObject({ nextChargeOn: "2028-07-10" });
    } finally {
      await setStoreDisabled(t.database.db, false);
    }
    await renew("2028-07-11");
    expect((await renewalOrders(id)).map((o) => o.status)).toEqual(["paid"]);
  });

  describe("PATCH /api/account/subscriptions/:id", () => {
    it("skips the next delivery, pauses (no renewal), resumes, changes the plan and cancels, each recorded", async () => {
      const { v, email, id } = await subscribed("ITCHY-1", 1, "monthly", "2027-09-15");
      const patch = (body: object) => v.patch(`/api/account/subscriptions/${id}`, body);

      const skipped = await patch({ action: "skip" });
      expect(skipped.statusCode, skipped.body).toBe(200);
      expect(skipped.json().subscription).toMatchObject({
        status: "active",
        next_charge_on: "2027-11-15",
      });
      await renew("2027-10-15");
      expect(await renewalOrders(id)).toHaveLength(0);

      expect((await patch({ action: "pause" })).json().subscription).toMatchObject({
        status: "paused",
        paused_reason: "shopper",
      });
      await renew("2027-11-15");
      expect(await renewalOrders(id)).toHaveLength(0);
      const again = await patch({ action: "pause" });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(SUBSCRIPTION_MESSAGES.pausedAlready);
      const skipPaused = await patch({ action: "skip" });
      expect(skipPaused.statusCode).toBe(409);
      expect(skipPaused.json().error.message).toBe(SUBSCRIPTION_MESSAGES.skipNotActive);

      const changed = await patch({ action: "change_plan", subscription_id: "every-2-months" });
      expect(changed.statusCode, changed.body).toBe(200);
      const every2 = subscriptionPrice(await priceOf(t.database.db, "ITCHY-1", "usd"), 5);
      expect(changed.json().subscription).toMatchObject({
        subscription: { subscription_id: "every-2-months", interval_count: 2 },
        price: every2,
      });
      const same = await patch({ action: "change_plan", subscription_id: "every-2-months" });
      expect(same.statusCode).toBe(409);
      const unknown = await patch({ action: "change_plan", subscription_id: "weekly-forever" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(SUBSCRIPTION_MESSAGES.planNotFound);

      // Resumed after its date passed: renewed that day on the new plan, next in two months.
      const resumed = await changeOn("2027-12-01", email, id, { action: "resume" });
      expect(resumed.json().subscription).toMatchObject({
        status: "active",
        next_charge_on: "2027-12-01",
      });
      await renew("2027-12-01");
      const [renewal] = await renewalOrders(id);
      expect(renewal?.subtotal).toBe(every2);
      expect((await subscriptionRow(id)).nextChargeOn).toBe("2028-02-01");

      const cancelled = await changeOn("2028-01-10", email, id, { action: "cancel" });
      expect(cancelled.json().subscription.status).toBe("cancelled");
      await renew("2028-02-01");
      expect(await renewalOrders(id)).toHaveLength(1);
      const afterCancel = await changeOn("2028-02-02", email, id, { action: "resume" });
      expect(afterCancel.statusCode).toBe(409);
      expect(afterCancel.json().error.message).toBe(SUBSCRIPTION_MESSAGES.cancelled);

      const events = await history(id);
      expect(events.filter((e) => e.actor === "shopper").map((e) => e.action)).toEqual([
        "skip",
        "pause",
        "change_plan",
        "resume",
        "cancel",
      ]);
      expect(events.find((e) => e.action === "skip")?.detail).toEqual({
        skipped: "2027-10-15",
        next_charge_on: "2027-11-15",
      });
      expect(events.find((e) => e.action === "change_plan")?.detail).toEqual({
        from: "monthly",
        to: "every-2-months",
      });
    });

    it("answers 401 signed out, 404 for another account's subscription or a bad id, and 400 for an unknown action", async () => {
      const { id } = await subscribed("YOUNG-2", 1, "monthly", "2027-03-03");
      const signedOut = await visitorWithOwnIp(t.app).patch(`/api/account/subscriptions/${id}`, {
        action: "pause",
      });
      expect(signedOut.statusCode).toBe(401);
      const { v: other } = await signedInVisitor(t.app, t.database.db);
      const notTheirs = await other.patch(`/api/account/subscriptions/${id}`, { action: "cancel" });
      expect(notTheirs.statusCode).toBe(404);
      expect(notTheirs.json().error.message).toBe(SUBSCRIPTION_MESSAGES.notFound);
      const badId = await other.patch("/api/account/subscriptions/not-an-id", { action: "cancel" });
      expect(badId.statusCode).toBe(404);
      const badAction = await other.patch(`/api/account/subscriptions/${id}`, {
        action: "explode",
      });
      expect(badAction.statusCode).toBe(400);
      expect(badAction.json().error.message).toContain(SUBSCRIPTION_MESSAGES.action);
      expect((await subscriptionRow(id)).status).toBe("active");
      expect(
        await t.database.db
          .select()
          .from(subscriptionEvents)
          .where(
            and(eq(subscriptionEvents.subscriptionId, id), eq(subscriptionEvents.actor, "shopper")),
          ),
      ).toEqual([]);
    });
  });
});
