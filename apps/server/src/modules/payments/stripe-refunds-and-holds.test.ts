import { randomUUID } from "node:crypto";
import { pointsEarned, REFUND_MESSAGES } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  setStock,
  signIn,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { Visitor } from "../../../test/visitor.ts";
import { users, variants } from "../../db/schema.ts";
import { releaseExpiredHolds } from "../../flows/cancel-order.ts";
import { useStripeApp, webhook } from "./stripe-test-helpers.ts";

describe("Stripe payments", () => {
  const { t, stub, orderOf, checkOut, placeHeld, deliver } = useStripeApp();

  /** Releases every hold as the sweeper would 31 minutes from now. */
  function expireHolds() {
    return releaseExpiredHolds(
      t.database.db,
      t.app.payments,
      new Date(Date.now() + 31 * 60_000),
      console,
    );
  }

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
