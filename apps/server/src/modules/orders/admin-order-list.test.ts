import { ADMIN_ORDER_CSV_COLUMNS, ADMIN_ORDER_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  GARDEN,
  GARDEN_STORE,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { orders } from "../../db/schema.ts";
import {
  adminOrdersTestHelpers,
  FlakyProcessor,
  taggedOrders,
} from "./admin-orders-test-helpers.ts";

describe("admin orders API", () => {
  const { tag, emails, numbers, place } = taggedOrders();
  let hempNumber = 0;

  const processor = new FlakyProcessor();
  const t = useTestApp({}, { testProcessor: processor });
  beforeAll(async () => {
    hempNumber = await place(t);
  });
  const { admin } = adminOrdersTestHelpers(() => t);

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
