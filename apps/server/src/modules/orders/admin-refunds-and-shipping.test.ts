import { randomUUID } from "node:crypto";
import { REFUND_MESSAGES as R, SHIPMENT_MESSAGES as S } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  outboxTo,
  PET_STORE,
  PETS,
  placeOrder,
  setStock,
  signedInVisitor,
  stockOf,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { adminAudit, orderRefunds, orders } from "../../db/schema.ts";
import {
  adminOrdersTestHelpers,
  FlakyProcessor,
  taggedOrders,
} from "./admin-orders-test-helpers.ts";
import { orderAccessKey } from "./order-lifecycle.ts";

describe("admin orders API", () => {
  const { tag, numbers, place } = taggedOrders();
  let hempNumber = 0;

  const processor = new FlakyProcessor();
  const t = useTestApp({}, { testProcessor: processor });
  beforeAll(async () => {
    hempNumber = await place(t);
  });
  const { admin, adminOrder } = adminOrdersTestHelpers(() => t);

  describe("refunds", () => {
    const refund = (
      v: Awaited<ReturnType<typeof admin>>,
      number: number,
      body: unknown,
      key = randomUUID(),
    ) => v.post(`/api/admin/orders/${number}/refunds`, body, { "idempotency-key": key });
    const orderRow = async (number: number) => {
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, number)));
      if (!row) throw new Error(`no order ${number}`);
      return row;
    };
    const chargeOf = async (number: number) =>
      processor.charges.get((await orderRow(number)).paymentReference ?? "");

    it("refunds all of an order through the processor, puts its items back in stock, and audits who did it", async () => {
      await setStock(t.database.db, "DRAMA-2", 20);
      const number = await placeOrder(t.app, { "DRAMA-2": 3 }, uniqueEmail(`${tag}.full`));
      expect(await stockOf(t.database.db, "DRAMA-2")).toBe(17);
      const { total } = await orderRow(number);
      const { v, user } = await signedInVisitor(t.app, t.database.db, {
        storeId: PET_STORE,
        userType: "admin",
      });
      const res = await refund(v, number, {
        amount: total,
        restock: true,
        reason: "Returned unopened",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refundedAmount: total, refundable: 0, restocked: true });
      expect(res.json().events.at(-1)).toMatchObject({
        kind: "refunded",
        detail: expect.stringContaining("items put back in stock · Returned unopened"),
      });
      expect(await chargeOf(number)).toMatchObject({ refunded: true, refundedAmount: total });
      expect(await stockOf(t.database.db, "DRAMA-2")).toBe(20);
      const [line] = await t.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.storeId, PET_STORE), eq(adminAudit.target, `order ${number}`)));
      expect(line).toMatchObject({
        userId: user.id,
        actorEmail: user.email,
        action: "order.refund",
        before: { refundedAmount: 0, restocked: false },
        after: { refundedAmount: total, restocked: true, refund: { amount: total, restock: true } },
      });
      // Nothing is left to give back.
      const again = await refund(v, number, { amount: 1 });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(R.tooMuch(0, "usd"));
    });

    it("refunds part of an order, then part again, and never more than what is left", async () => {
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail(`${tag}.part`));
      const { total } = await orderRow(number);
      const v = await admin();
      expect((await refund(v, number, { amount: 500, reason: "Late delivery" })).statusCode).toBe(
        200,
      );
      expect((await refund(v, number, { amount: 1000 })).json()).toMatchObject({
        refundedAmount: 1500,
        refundable: total - 1500,
        restocked: false,
      });
      const tooMuch = await refund(v, number, { amount: total - 1500 + 1 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().error.message).toBe(R.tooMuch(total - 1500, "usd"));
      expect(await chargeOf(number)).toMatchObject({ refunded: false, refundedAmount: 1500 });
    });

    it("makes a request repeated with the same Idempotency-Key the same refund, and refuses the key for another", async () => {
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail(`${tag}.twice`));
      const v = await admin();
      const key = randomUUID();
      const [first, second] = await Promise.all([
        refund(v, number, { amount: 700 }, key),
        refund(v, number, { amount: 700 }, key),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect((await adminOrder(v, number)).refundedAmount).toBe(700);
      expect(await chargeOf(number)).toMatchObject({ refundedAmount: 700 });
      const other = await refund(v, number, { amount: 900 }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(R.keyReused);
    });

    it("keeps a refund the processor did not answer pending, and finishes it once when sent again with its key", async () => {
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail(`${tag}.down`));
      const v = await admin();
      const key = randomUUID();
      processor.failRefunds = 1;
      const failed = await refund(v, number, { amount: 300 }, key);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.message).toBe(R.pending);
      const view = await adminOrder(v, number);
      // The 300 may be out already: it is not refundable again until the processor answers.
      expect(view).toMatchObject({ refundedAmount: 0, refundable: view.total - 300 });
      expect(view.events.at(-1)).toMatchObject({ kind: "refund_pending" });
      expect((await refund(v, number, { amount: 300 }, key)).json().refundedAmount).toBe(300);
      expect(await chargeOf(number)).toMatchObject({ refundedAmount: 300 });
      const rows = await t.database.db
        .select({ status: orderRefunds.status })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, (await orderRow(number)).id));
      expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
    });

    it("ends a refund the processor refuses as failed, with nothing refunded", async () => {
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail(`${tag}.refused`));
      const v = await admin();
      // The processor's charge was partly refunded elsewhere (its dashboard): it refuses more.
      const charge = await chargeOf(number);
      if (!charge) throw new Error("no charge");
      charge.refundedAmount = charge.amount - 100;
      const refused = await refund(v, number, { amount: 500 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(R.failed);
      const view = await adminOrder(v, number);
      expect(view).toMatchObject({ refundedAmount: 0, refundable: view.total });
      expect(view.events.at(-1)).toMatchObject({ kind: "refund_failed" });
    });

    it("refuses a cross-site refund, ship or price change sent with the admin's cookie", async () => {
      const { v } = await signedInVisitor(t.app, t.database.db, {
        storeId: PET_STORE,
        userType: "admin",
      });
      const cookie = [...v.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const calls = processor.refundCalls;
      for (const [url, payload] of [
        [`/api/admin/orders/${numbers.first}/refunds`, { amount: 100 }],
        [
          `/api/admin/orders/${numbers.first}/shipment`,
          { carrier: "X", trackingNumber: "12345678" },
        ],
        [`/api/admin/orders/${numbers.first}/cancel`, {}],
      ] as const) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: {
            host: PETS,
            cookie,
            origin: "https://evil.example",
            "idempotency-key": randomUUID(),
          },
          payload,
        });
        expect(res.statusCode, url).toBe(403);
      }
      expect(processor.refundCalls).toBe(calls);
      expect((await adminOrder(v, numbers.first)).shipment).toBeNull();
    });

    it("refuses an unpaid order, a bad amount, a missing key, and anyone but the store's admins", async () => {
      const v = await admin();
      const unpaid = await refund(v, numbers.third, { amount: 100 });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().error.message).toBe(R.notPaid);
      for (const amount of [0, -5, 1.5, "10"]) {
        const bad = await refund(v, numbers.first, { amount });
        expect(bad.statusCode, String(amount)).toBe(400);
        expect(bad.body).toContain(R.amount);
      }
      const noKey = await v.post(`/api/admin/orders/${numbers.first}/refunds`, { amount: 100 });
      expect(noKey.statusCode).toBe(400);
      expect(await refund(v, hempNumber, { amount: 100 }).then((r) => r.statusCode)).toBe(404);
      const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
      const refused = await refund(shopper, numbers.first, { amount: "nonsense" });
      expect(refused.statusCode).toBe(404);
      const calls = processor.refundCalls;
      expect(
        (await refund(visitorWithOwnIp(t.app, PETS), numbers.first, { amount: 100 })).statusCode,
      ).toBe(401);
      expect(processor.refundCalls).toBe(calls);
    });
  });

  describe("shipping and canceling", () => {
    it("marks a paid order shipped: the buyer is mailed the tracking number, and the order page and chatbot show it", async () => {
      const email = uniqueEmail(`${tag}.ship`);
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, email);
      const { v, user } = await signedInVisitor(t.app, t.database.db, {
        storeId: PET_STORE,
        userType: "admin",
      });
      const res = await v.post(`/api/admin/orders/${number}/shipment`, {
        carrier: " USPS ",
        trackingNumber: "9400 1000 0000 0000 0000 00",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().shipment).toMatchObject({
        carrier: "USPS",
        trackingNumber: "9400 1000 0000 0000 0000 00",
        shippedAt: expect.any(String),
      });
      expect(res.json().events.at(-1)).toMatchObject({ kind: "shipped" });
      await t.app.background.idle();
      const mails = await outboxTo(t.database.db, email);
      const notice = mails.find((m) => m.subject.endsWith("has shipped"));
      expect(notice?.subject).toBe(`Your Pawsome Herbals order #${number} has shipped`);
      expect(notice?.text).toContain("USPS tracking number: 9400 1000 0000 0000 0000 00");
      expect(notice?.text).toMatch(new RegExp(`/orders/${number}\\?key=`));

      // The buyer's order page (through the key of the confirmation email) shows it.
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, number)));
      const key = orderAccessKey(row?.id ?? "", row?.idempotencyKey ?? "");
      const page = await visitorWithOwnIp(t.app, PETS).get(`/api/orders/${number}?key=${key}`);
      expect(page.json().shipment).toMatchObject({ carrier: "USPS" });

      // So does the chatbot's tracking.
      const chat = visitorWithOwnIp(t.app, PETS);
      const said = await chat.post("/api/chat", {
        message: `where is my order ${number}? ${email}`,
      });
      expect(said.statusCode, said.body).toBe(200);
      const answer = said.json().messages.at(-1);
      expect(answer.message).toContain("was shipped on");
      expect(answer.message).toContain("with USPS, tracking number 9400 1000 0000 0000 0000 00");

      // A corrected number is written, audited and mailed again.
      const fixed = await v.post(`/api/admin/orders/${number}/shipment`, {
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
      });
      expect(fixed.json().shipment).toMatchObject({ carrier: "UPS" });
      const audits = await t.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.storeId, PET_STORE), eq(adminAudit.target, `order ${number}`)));
      expect(audits.map((a) => a.action).sort()).toEqual(["order.ship", "order.tracking_changed"]);
      expect(audits.find((a) => a.action === "order.tracking_changed")).toMatchObject({
        userId: user.id,
        before: { carrier: "USPS" },
        after: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
      });
    });

    it("refuses a bad tracking number, an unpaid order, and anyone but the store's admins", async () => {
      const v = await admin();
      const path = `/api/admin/orders/${numbers.first}/shipment`;
      const bad = await v.post(path, { carrier: "USPS", trackingNumber: "<script>" });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(S.trackingNumber);
      const noCarrier = await v.post(path, { carrier: " ", trackingNumber: "12345678" });
      expect(noCarrier.body).toContain(S.carrier);
      const unpaid = await v.post(`/api/admin/orders/${numbers.third}/shipment`, {
        carrier: "USPS",
        trackingNumber: "12345678",
      });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().error.message).toBe(S.notPaid);
      const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
      expect((await shopper.post(path, { carrier: "x" })).statusCode).toBe(404);
      expect((await shopper.post(`/api/admin/orders/${numbers.first}/cancel`, {})).statusCode).toBe(
        404,
      );
    });

    it("cancels an order awaiting payment, gives its stock back, and refuses a paid one", async () => {
      await setStock(t.database.db, "DRAMA-1", 10);
      const number = await placeOrder(t.app, { "DRAMA-1": 2 }, uniqueEmail(`${tag}.cancel`));
      expect(await stockOf(t.database.db, "DRAMA-1")).toBe(8);
      // As a Stripe order is before the browser confirms it.
      await t.database.db
        .update(orders)
        .set({ status: "awaiting_payment", paidAt: null })
        .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, number)));
      const v = await admin();
      const res = await v.post(`/api/admin/orders/${number}/cancel`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: "canceled", failureMessage: S.canceledByStore });
      expect(await stockOf(t.database.db, "DRAMA-1")).toBe(10);
      const again = await v.post(`/api/admin/orders/${number}/cancel`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(S.cancelNotUnpaid);
      const paid = await v.post(`/api/admin/orders/${numbers.first}/cancel`, {});
      expect(paid.statusCode).toBe(409);
    });
  });
});
