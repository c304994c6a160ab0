import { randomUUID } from "node:crypto";
import {
  ADMIN_ORDER_CSV_COLUMNS,
  ADMIN_ORDER_MESSAGES as M,
  REFUND_MESSAGES as R,
  SHIPMENT_MESSAGES as S,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GARDEN,
  GARDEN_STORE,
  HEMP,
  HEMP_STORE,
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
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { adminAudit, orderRefunds, orders } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { orderAccessKey } from "./order-lifecycle.ts";

/** The test processor, whose next refunds can be made to fail (the processor is down). */
class FlakyProcessor extends TestCardProcessor {
  failRefunds = 0;
  refundCalls = 0;
  override async refund(reference: string, key: string, amount?: number): Promise<void> {
    this.refundCalls += 1;
    if (this.failRefunds > 0) {
      this.failRefunds -= 1;
      throw new Error("connect ECONNREFUSED");
    }
    return super.refund(reference, key, amount);
  }
}

describe("admin orders API", () => {
  let t: TestApp;
  /** A word no other test's orders hold, so a search for it sees only this file's orders. */
  const tag = `adm${Math.random().toString(36).slice(2, 8)}`;
  const emails = {
    first: uniqueEmail(`${tag}.first`),
    second: uniqueEmail(`${tag}.second`),
    third: uniqueEmail(`${tag}.third`),
  };
  const numbers: Record<keyof typeof emails, number> = { first: 0, second: 0, third: 0 };
  let hempNumber = 0;

  const processor = new FlakyProcessor();
  beforeAll(async () => {
    t = await createTestApp({}, { testProcessor: processor });
    numbers.first = await placeOrder(t.app, { "ITCHY-1": 1 }, emails.first);
    numbers.second = await placeOrder(t.app, { "ITCHY-1": 3 }, emails.second);
    numbers.third = await placeOrder(t.app, { "EAT-1": 2 }, emails.third);
    hempNumber = await placeOrder(t.app, { "HEMPOIL-1": 1 }, uniqueEmail(`${tag}.hemp`), HEMP);
    // The third was placed last year and canceled unpaid: the date and status filters find it.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date("2025-03-10T12:00:00Z"), status: "canceled", paidAt: null })
      .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, numbers.third)));
  });
  afterAll(() => t.close());

  const admin = async (host = PETS, storeId = PET_STORE) =>
    (await signedInVisitor(t.app, t.database.db, { storeId, userType: "admin" }, host)).v;
  const adminOrder = async (v: Awaited<ReturnType<typeof admin>>, number: number) =>
    (await v.get(`/api/admin/orders/${number}`)).json();

  it("lists the store's orders newest first, with customer, status, total, currency and items", async () => {
    const res = await (await admin()).get(`/api/admin/orders?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ total: 3, page: 1, perPage: 25 });
    expect(list.orders.map((o: { number: number }) => o.number)).toEqual([
      numbers.second,
      numbers.first,
      numbers.third,
    ]);
    expect(list.orders[0]).toEqual({
      number: numbers.second,
      createdAt: expect.any(String),
      email: emails.second,
      name: "Jamie Buyer",
      status: "paid",
      currency: "usd",
      total: expect.any(Number),
      refundedAmount: 0,
      itemCount: 3,
    });
    // No other store's order is ever listed.
    const all = await (await admin()).get("/api/admin/orders?perPage=100&q=hemp");
    expect(all.json().orders.map((o: { number: number }) => o.number)).not.toContain(hempNumber);
  });

  it("filters by status and by date (inclusive days), and finds an order by number with or without #", async () => {
    const v = await admin();
    const canceled = (await v.get(`/api/admin/orders?q=${tag}&status=canceled`)).json();
    expect(canceled.orders.map((o: { number: number }) => o.number)).toEqual([numbers.third]);
    const march = (await v.get(`/api/admin/orders?q=${tag}&from=2025-03-10&to=2025-03-10`)).json();
    expect(march.orders.map((o: { number: number }) => o.number)).toEqual([numbers.third]);
    const since = (await v.get(`/api/admin/orders?q=${tag}&from=2025-03-11`)).json();
    expect(since.total).toBe(2);
    // An empty filter, as a form sends it, is no filter.
    expect((await v.get(`/api/admin/orders?q=${tag}&status=&from=&to=`)).json().total).toBe(3);
    for (const q of [String(numbers.first), `%23${numbers.first}`]) {
      const found = (await v.get(`/api/admin/orders?q=${q}`)).json();
      expect(found.orders.map((o: { number: number }) => o.number)).toEqual([numbers.first]);
    }
    // Another store's order number is not found here.
    expect((await v.get(`/api/admin/orders?q=${hempNumber}`)).json().total).toBe(0);
  });

  it("sorts by total and pages through the orders without repeating one", async () => {
    const v = await admin();
    const byTotal = (await v.get(`/api/admin/orders?q=${tag}&sort=total&dir=asc`)).json();
    const totals = byTotal.orders.map((o: { total: number }) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const seen: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = (await v.get(`/api/admin/orders?q=${tag}&perPage=1&page=${page}`)).json();
      expect(res.total).toBe(3);
      seen.push(...res.orders.map((o: { number: number }) => o.number));
    }
    expect(seen).toEqual([numbers.second, numbers.first, numbers.third]);
  });

  it("answers 400 with what is wrong for a bad filter, sort or page", async () => {
    const v = await admin();
    const cases: [string, string][] = [
      ["status=shipped", M.status],
      ["from=2025-02-30", M.date],
      ["to=yesterday", M.date],
      ["from=0000-01-01", M.date],
      ["to=9999-12-31", M.date],
      ["from=2025-03-10&to=2025-03-01", M.dateOrder],
      ["sort=price", M.sort],
      ["dir=up", M.dir],
      ["page=0", M.page],
      ["perPage=500", M.perPage],
      [`q=${"x".repeat(300)}`, M.query],
    ];
    for (const [query, message] of cases) {
      const res = await v.get(`/api/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it("shows one order with lines, address, payment and its events, to the store's admins only", async () => {
    const res = await (await admin()).get(`/api/admin/orders/${numbers.second}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      number: numbers.second,
      status: "paid",
      email: emails.second,
      customer: "guest",
      renewal: false,
      tradePrices: false,
      payment: { provider: "test", cardBrand: "visa", cardLast4: "4242" },
      paymentReference: expect.any(String),
      address: { city: "New York", country: "US" },
      lines: [{ sku: "ITCHY-1", quantity: 3 }],
    });
    expect(order.events.map((e: { kind: string }) => e.kind)).toEqual(["placed", "paid"]);
    const canceled = (await (await admin()).get(`/api/admin/orders/${numbers.third}`)).json();
    expect(canceled.events.map((e: { kind: string }) => e.kind)).toEqual(["placed", "canceled"]);
    // Another store's order, by its number: as if there were none.
    const other = await (await admin()).get(`/api/admin/orders/${hempNumber}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("HEMPOIL");
  });

  it("exports the filtered orders as CSV, with amounts in major units and formulas defused", async () => {
    const v = await admin();
    // A name a spreadsheet would run as a formula, typed by a shopper.
    await t.database.db
      .update(orders)
      .set({ name: '=HYPERLINK("http://evil.test","click")' })
      .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, numbers.first)));
    const res = await v.get(`/api/admin/orders.csv?q=${tag}&status=paid`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="orders-pet-remedies-/,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    const rows = res.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe(ADMIN_ORDER_CSV_COLUMNS.join(","));
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r.startsWith(`${numbers.first},`)) ?? "";
    expect(first).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const [order] = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, numbers.first)));
    const total = order?.total ?? 0;
    expect(first).toContain(
      `,${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")},0.00,1,`,
    );
  });

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

  describe("who may read them", () => {
    const paths = () => [
      "/api/admin/orders",
      `/api/admin/orders/${numbers.first}`,
      "/api/admin/orders.csv",
    ];

    it("answers 401 to a visitor, and the 404 of a missing route to a shopper or trade account", async () => {
      const visitor = visitorWithOwnIp(t.app, PETS);
      const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
      const trade = (
        await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE, userType: "wholesale" })
      ).v;
      for (const path of paths()) {
        expect((await visitor.get(path)).statusCode, path).toBe(401);
        for (const v of [shopper, trade]) {
          const res = await v.get(path);
          expect(res.statusCode, path).toBe(404);
          expect(res.json()).toEqual({
            error: { code: "not_found", message: `No route for GET ${path}` },
          });
        }
      }
    });

    it("gives another store's admin nothing: their session is no one on this store", async () => {
      const gardenAdmin = await admin(GARDEN, GARDEN_STORE);
      const hempAdmin = await admin(HEMP, HEMP_STORE);
      for (const other of [gardenAdmin, hempAdmin]) {
        // The same browser's cookies, sent to the pet store's host.
        const stolen = visitorWithOwnIp(t.app, PETS);
        for (const [name, value] of other.cookies) stolen.cookies.set(name, value);
        for (const path of paths()) {
          const res = await stolen.get(path);
          expect(res.statusCode, path).toBe(401);
          expect(res.body).not.toContain(emails.first);
        }
      }
      // On its own store, the hemp admin sees the hemp order and none of the pet store's.
      const own = (await hempAdmin.get("/api/admin/orders?perPage=100")).json();
      expect(own.orders.map((o: { number: number }) => o.number)).toContain(hempNumber);
      expect(own.orders.map((o: { number: number }) => o.number)).not.toContain(numbers.first);
    });
  });
});
