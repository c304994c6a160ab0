import { randomUUID } from "node:crypto";
import { DASHBOARD_MESSAGES } from "@storefront/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  placeOrder,
  setStock,
  signedInAdmin,
  signedInVisitor,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { selectRows } from "../../db/index.ts";
import {
  analyticsEvents,
  analyticsSessions,
  cartRecoveryTokens,
  carts,
  orders,
} from "../../db/schema.ts";

describe("admin dashboard API", () => {
  const t = useTestApp();

  const admin = signedInAdmin(t);
  const today = () => new Date().toISOString().slice(0, 10);
  const dayOf = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  /** A visit of the pet store today that viewed a product and, if `added`, put it in the cart. */
  async function visit(added: boolean): Promise<void> {
    const [session] = await t.database.db
      .insert(analyticsSessions)
      .values({ storeId: PET_STORE })
      .returning({ id: analyticsSessions.id });
    if (!session) throw new Error("no session");
    const at = new Date();
    await t.database.db.insert(analyticsEvents).values([
      {
        sessionId: session.id,
        storeId: PET_STORE,
        kind: "product_view",
        key: "view",
        at,
        data: { handle: "itchy-scratchy", timestamp: at.toISOString() },
      },
      ...(added
        ? [
            {
              sessionId: session.id,
              storeId: PET_STORE,
              kind: "cart_event" as const,
              key: "add",
              at,
              data: { type: "item_added", sku: "ITCHY-1", quantity: 1 },
            },
          ]
        : []),
    ]);
  }

  it("sums a day's paid orders per currency, with the average order, top products and customers", async () => {
    const v = await admin();
    const empty = (await v.get("/api/admin/dashboard")).json();
    expect(empty).toMatchObject({ from: dayOf(29), to: today(), sales: [] });

    const returning = uniqueEmail("returning");
    const first = await placeOrder(t.app, { "ITCHY-1": 1 }, returning);
    // Their first order was paid last month: this month they come back.
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.number, first));
    await placeOrder(t.app, { "ITCHY-1": 2 }, returning);
    await placeOrder(t.app, { "ITCHY-2": 1 }, uniqueEmail("newcomer"));
    const paid = await t.database.db
      .select({ number: orders.number, total: orders.total })
      .from(orders)
      .where(eq(orders.storeId, PET_STORE));
    const thisMonth = paid.filter((o) => o.number !== first);
    const revenue = thisMonth.reduce((sum, o) => sum + o.total, 0);

    const res = await v.get("/api/admin/dashboard");
    expect(res.statusCode, res.body).toBe(200);
    const dash = res.json();
    expect(dash.sales).toHaveLength(1);
    const [usd] = dash.sales;
    expect(usd).toMatchObject({
      currency: "usd",
      orders: 2,
      revenue,
      averageOrderValue: Math.round(revenue / 2),
      refunded: 0,
    });
    expect(usd.days).toHaveLength(30);
    expect(usd.days.at(-1)).toEqual({ day: today(), orders: 2, revenue });
    expect(usd.days[0]).toEqual({ day: dayOf(29), orders: 0, revenue: 0 });
    expect(dash.topProducts[0]).toMatchObject({ sku: "ITCHY-1", units: 2, currency: "usd" });
    expect(dash.customers).toEqual({ new: 1, returning: 1, newOrders: 1, returningOrders: 1 });
    // A range that holds the first order too: both buyers are new in it.
    const wide = (await v.get(`/api/admin/dashboard?from=${dayOf(60)}&to=${today()}`)).json();
    expect(wide.sales[0].orders).toBe(3);
    expect(wide.customers).toMatchObject({ new: 2, returning: 0 });
  });

  it("counts the funnel from visits to payment, abandoned carts, and revenue a recovery link brought back", async () => {
    const v = await admin();
    const before = (await v.get("/api/admin/dashboard")).json();
    await visit(false);
    await visit(true);
    const [cart] = await t.database.db
      .insert(carts)
      .values({
        storeId: PET_STORE,
        sessionId: "left-behind",
        status: "abandoned",
        abandonedAt: new Date(),
      })
      .returning({ id: carts.id });
    const email = uniqueEmail("recovered");
    await t.database.db.insert(cartRecoveryTokens).values({
      storeId: PET_STORE,
      cartId: cart?.id ?? "",
      tokenHash: `test-${email}`,
      email,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(Date.now() - 60_000),
    });
    const recovered = await placeOrder(t.app, { "ITCHY-1": 1 }, email);
    const [{ total } = { total: -1 }] = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.number, recovered));
    const after = (await v.get("/api/admin/dashboard")).json();
    expect(after.funnel.sessions - before.funnel.sessions).toBe(2);
    expect(after.funnel.productViews - before.funnel.productViews).toBe(2);
    expect(after.funnel.addedToCart - before.funnel.addedToCart).toBe(1);
    expect(after.funnel.checkout - before.funnel.checkout).toBe(1);
    expect(after.funnel.paid - before.funnel.paid).toBe(1);
    expect(after.abandonedCarts - before.abandonedCarts).toBe(1);
    const usd = after.sales.find((s: { currency: string }) => s.currency === "usd");
    expect(usd.recoveredOrders).toBe(1);
    expect(usd.recoveredRevenue).toBe(total);
  });

  it("keeps each day's sales and top products as orders are paid at once and refunded", async () => {
    const v = await admin();
    await setStock(t.database.db, "ITCHY-1", 500);
    const before = (await v.get("/api/admin/dashboard")).json();
    const numbers = await Promise.all(
      [1, 2, 3, 4, 5].map((quantity) =>
        placeOrder(t.app, { "ITCHY-1": quantity }, uniqueEmail(`at-once-${quantity}`)),
      ),
    );
    const placed = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(and(eq(orders.storeId, PET_STORE), inArray(orders.number, numbers)));
    const refunded = await v.post(
      `/api/admin/orders/${numbers[2]}/refunds`,
      { amount: 500, restock: false, reason: "Damaged box" },
      { "idempotency-key": randomUUID() },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);

    const after = (await v.get("/api/admin/dashboard")).json();
    const usd = (d: { sales: { currency: string }[] }) =>
      d.sales.find((s) => s.currency === "usd") as
        | { orders: number; revenue: number; refunded: number }
        | undefined;
    const itchy = (d: { topProducts: { sku: string; units: number }[] }) =>
      d.topProducts.find((p) => p.sku === "ITCHY-1")?.units ?? 0;
    expect((usd(after)?.orders ?? 0) - (usd(before)?.orders ?? 0)).toBe(5);
    expect((usd(after)?.revenue ?? 0) - (usd(before)?.revenue ?? 0)).toBe(
      placed.reduce((sum, o) => sum + o.total, 0),
    );
    expect((usd(after)?.refunded ?? 0) - (usd(before)?.refunded ?? 0)).toBe(500);
    expect(itchy(after) - itchy(before)).toBe(15);

    // Over every day, the figures kept are the store's paid orders summed afresh.
    type Day = { day: string; orders: number; revenue: number; refunded: number };
    const kept = await selectRows<Day>(
      t.database.db,
      sql`select day::text, orders, revenue::int, refunded::int from sales_days
          where store_id = ${PET_STORE} and orders > 0 order by day, currency`,
    );
    const summed = await selectRows<Day>(
      t.database.db,
      sql`select (paid_at at time zone 'UTC')::date::text as day, count(*)::int as orders,
            sum(total)::int as revenue, sum(refunded_amount)::int as refunded
          from orders where store_id = ${PET_STORE} and status = 'paid'
          group by day, currency order by day, currency`,
    );
    expect(kept).toEqual(summed);
  });

  it("refuses a range it cannot read with what is wrong", async () => {
    const v = await admin();
    for (const [query, message] of [
      ["from=2026-02-30", DASHBOARD_MESSAGES.date],
      ["from=yesterday", DASHBOARD_MESSAGES.date],
      ["from=2026-05-02&to=2026-05-01", DASHBOARD_MESSAGES.order],
      ["from=2024-01-01&to=2026-01-01", DASHBOARD_MESSAGES.tooLong],
      // One date alone, with the other its default (today).
      ["from=1900-01-01", DASHBOARD_MESSAGES.tooLong],
      ["from=2999-01-01", DASHBOARD_MESSAGES.order],
      ["days=30", "days"],
    ] as const) {
      const res = await v.get(`/api/admin/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it("shows each store only its own figures, and shoppers get the 404 of a missing route", async () => {
    const hemp = await admin(HEMP, HEMP_STORE);
    const theirs = (await hemp.get("/api/admin/dashboard")).json();
    expect(theirs.sales).toEqual([]);
    expect(theirs.topProducts).toEqual([]);
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    expect((await shopper.get("/api/admin/dashboard")).statusCode).toBe(404);
    expect((await visitorWithOwnIp(t.app, PETS).get("/api/admin/dashboard")).statusCode).toBe(401);
  });
});
