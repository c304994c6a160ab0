import {
  type Currency,
  type CurrencySales,
  DASHBOARD_LIMITS,
  type Dashboard,
  type DashboardQuery,
  DomainError,
  dashboardRangeProblem,
  dayBefore,
  utcDay,
} from "@storefront/domain";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import { searchReportBetween } from "../search/index.ts";

/** A recovery link counts for a purchase within this many days of being opened. */
const RECOVERY_WINDOW_DAYS = 7;

type Count = string | number;

/** The range's first instant and the instant after its last day, as UTC timestamps. */
function bounds(from: string, to: string): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00Z`, end: end.toISOString() };
}

/** Every day from `from` to `to`, inclusive. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let at = new Date(`${from}T00:00:00Z`);
    utcDay(at) <= to;
    at.setUTCDate(at.getUTCDate() + 1)
  ) {
    out.push(utcDay(at));
  }
  return out;
}

/**
 * The store's dashboard for a range of UTC days, every figure aggregated by the database (sales
 * and top products from the days it keeps, migration 0042; the rest on an index of its table's
 * store and time), never by reading rows into the server:
 * sales per currency and day, the visit funnel, abandoned and recovered carts, top products,
 * searches, and new against returning customers.
 */
export async function readDashboard(
  db: Database,
  storeId: string,
  query: DashboardQuery,
  now: Date,
): Promise<Dashboard> {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? dayBefore(to, DASHBOARD_LIMITS.defaultDays);
  // With a default filled in, the range's rules again: one date alone may not reach past them.
  const problem = dashboardRangeProblem(from, to);
  if (problem) {
    throw new DomainError("invalid", problem.message, { [problem.field]: problem.message });
  }
  const { start, end } = bounds(from, to);

  const [perDay, recovered, funnel, placed, abandoned, top, customers, searches] =
    await Promise.all([
      selectRows<{
        currency: Currency;
        day: string;
        orders: Count;
        revenue: Count;
        refunded: Count;
      }>(
        db,
        // A row a day and currency, kept by the database as orders are paid and refunded.
        sql`select d.currency, to_char(d.day, 'YYYY-MM-DD') as day, d.orders, d.revenue,
              d.refunded
            from sales_days d
            where d.store_id = ${storeId} and d.day >= ${from}::date and d.day <= ${to}::date
              and d.orders > 0`,
      ),
      selectRows<{ currency: Currency; orders: Count; revenue: Count }>(
        db,
        // From the few links opened (not the many orders): each one's buyer's paid orders in the
        // range and within the window after it was opened (on the index of lower(email) and
        // paid_at), each order counted once however many links led to it.
        sql`select r.currency, count(*) as orders, sum(r.total) as revenue
            from (
              select distinct o.id, o.currency, o.total
              from cart_recovery_tokens t
              join lateral (
                select p.id, p.currency, p.total from orders p
                where p.store_id = t.store_id and p.status = 'paid'
                  and lower(p.email) = lower(t.email)
                  and p.paid_at >= greatest(t.used_at, ${start}::timestamptz)
                  and p.paid_at < least(
                    t.used_at + make_interval(days => ${RECOVERY_WINDOW_DAYS}),
                    ${end}::timestamptz)) o on true
              where t.store_id = ${storeId} and t.used_at is not null
                and t.used_at >= ${start}::timestamptz - make_interval(days => ${RECOVERY_WINDOW_DAYS})
                and t.used_at < ${end}::timestamptz) r
            group by 1`,
      ),
      selectRows<{ sessions: Count; product_views: Count; added: Count }>(
        db,
        // Each visit's flags are set by the database as its events arrive (migration 0040).
        sql`select count(*) as sessions,
              count(*) filter (where s.viewed_product) as product_views,
              count(*) filter (where s.added_to_cart) as added
            from analytics_sessions s
            where s.store_id = ${storeId}
              and s.started_at >= ${start}::timestamptz and s.started_at < ${end}::timestamptz`,
      ),
      selectRows<{ placed: Count; paid: Count }>(
        db,
        sql`select count(*) as placed, count(*) filter (where o.status = 'paid') as paid
            from orders o
            where o.store_id = ${storeId}
              and o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz`,
      ),
      selectRows<{ carts: Count }>(
        db,
        sql`select count(*) as carts from carts c
            where c.store_id = ${storeId} and c.status = 'abandoned'
              and c.abandoned_at >= ${start}::timestamptz and c.abandoned_at < ${end}::timestamptz`,
      ),
      selectRows<{ title: string; sku: string; currency: Currency; units: Count; revenue: Count }>(
        db,
        // A row a day, currency and SKU, kept with the days' sales.
        sql`select min(p.title) as title, p.sku, p.currency, sum(p.units) as units,
              sum(p.revenue) as revenue
            from product_sales_days p
            where p.store_id = ${storeId} and p.day >= ${from}::date and p.day <= ${to}::date
            group by p.sku, p.currency
            having sum(p.units) > 0
            order by units desc, revenue desc, p.sku
            limit ${DASHBOARD_LIMITS.topRows}`,
      ),
      selectRows<{ kind: "new" | "returning"; customers: Count; orders: Count }>(
        db,
        // Each paid order knows whether it was its buyer's first (set when paid, migration
        // 0040): a buyer of the range is new when one of their orders in it was their first.
        sql`select case when b.first then 'new' else 'returning' end as kind,
              count(*) as customers, sum(b.orders) as orders
            from (
              select bool_or(o.first_order) as first, count(*) as orders
              from orders o
              where o.store_id = ${storeId} and o.status = 'paid'
                and o.paid_at >= ${start}::timestamptz and o.paid_at < ${end}::timestamptz
              group by lower(o.email)) b
            group by 1`,
      ),
      searchReportBetween(db, storeId, new Date(start), new Date(end), DASHBOARD_LIMITS.topRows),
    ]);

  const days = daysOf(from, to);
  const currencies = [...new Set(perDay.map((d) => d.currency))].sort();
  const sales: CurrencySales[] = currencies.map((currency) => {
    const ofCurrency = perDay.filter((d) => d.currency === currency);
    const back = recovered.find((r) => r.currency === currency);
    const byDay = new Map(ofCurrency.map((d) => [d.day, d] as const));
    const sum = (field: "orders" | "revenue" | "refunded") =>
      ofCurrency.reduce((total, d) => total + Number(d[field]), 0);
    const orders = sum("orders");
    const revenue = sum("revenue");
    return {
      currency,
      days: days.map((day) => ({
        day,
        orders: Number(byDay.get(day)?.orders ?? 0),
        revenue: Number(byDay.get(day)?.revenue ?? 0),
      })),
      orders,
      revenue,
      refunded: sum("refunded"),
      averageOrderValue: orders === 0 ? 0 : Math.round(revenue / orders),
      recoveredOrders: Number(back?.orders ?? 0),
      recoveredRevenue: Number(back?.revenue ?? 0),
    };
  });
  const kind = (k: "new" | "returning") => customers.find((c) => c.kind === k);
  return {
    from,
    to,
    sales,
    funnel: {
      sessions: Number(funnel[0]?.sessions ?? 0),
      productViews: Number(funnel[0]?.product_views ?? 0),
      addedToCart: Number(funnel[0]?.added ?? 0),
      checkout: Number(placed[0]?.placed ?? 0),
      paid: Number(placed[0]?.paid ?? 0),
    },
    abandonedCarts: Number(abandoned[0]?.carts ?? 0),
    topProducts: top.map((t) => ({ ...t, units: Number(t.units), revenue: Number(t.revenue) })),
    topSearches: searches.topQueries,
    searchesWithoutResults: searches.noResults,
    customers: {
      new: Number(kind("new")?.customers ?? 0),
      returning: Number(kind("returning")?.customers ?? 0),
      newOrders: Number(kind("new")?.orders ?? 0),
      returningOrders: Number(kind("returning")?.orders ?? 0),
    },
  };
}
