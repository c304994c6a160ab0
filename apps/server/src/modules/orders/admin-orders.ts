import {
  ADMIN_ORDER_CSV_COLUMNS,
  ADMIN_ORDER_LIMITS,
  type AdminOrderEvent,
  type AdminOrderList,
  type AdminOrderQuery,
  type AdminOrderSort,
  type AdminOrderView,
  csvAmount,
  csvField,
  DomainError,
  ORDER_MESSAGES,
  orderNumberOf,
} from "@storefront/domain";
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { orders } from "../../db/schema.ts";
import { type OrderRow, readOrderView } from "./order-reads.ts";

type Filters = Omit<AdminOrderQuery, "sort" | "dir" | "page" | "perPage">;

/** A LIKE pattern that finds the text anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day after a YYYY-MM-DD day, at midnight UTC: the end of an inclusive range. */
function dayAfter(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

function whereOf(storeId: string, filters: Filters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(orders.storeId, storeId)];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(orders.createdAt, dayAfter(filters.to)));
  if (filters.q) {
    const number = orderNumberOf(filters.q);
    const pattern = containing(filters.q);
    conditions.push(
      number !== null
        ? eq(orders.number, number)
        : or(ilike(orders.email, pattern), ilike(orders.name, pattern)),
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS: Record<AdminOrderSort, SQL | typeof orders.createdAt> = {
  created: sql`${orders.createdAt}`,
  number: sql`${orders.number}`,
  total: sql`${orders.total}`,
  status: sql`${orders.status}`,
  email: sql`${orders.email}`,
};

const itemCount = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`;

/** One page of the store's orders that match the query, and how many match in all. */
export async function listAdminOrders(
  db: Database,
  storeId: string,
  query: AdminOrderQuery,
): Promise<AdminOrderList> {
  const where = whereOf(storeId, query);
  const order = query.dir === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        email: orders.email,
        name: orders.name,
        status: orders.status,
        currency: orders.currency,
        total: orders.total,
        itemCount,
      })
      .from(orders)
      .where(where)
      // The number breaks ties (and is unique), so a page never repeats or skips a row.
      .orderBy(order(SORT_COLUMNS[query.sort]), order(orders.number))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return {
    orders: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: counted?.total ?? 0,
    page: query.page,
    perPage: query.perPage,
  };
}

/** What the store recorded of an order's life, oldest first. */
function eventsOf(order: OrderRow): AdminOrderEvent[] {
  const events: AdminOrderEvent[] = [
    { at: order.createdAt.toISOString(), kind: "placed", detail: null },
  ];
  if (order.paidAt) events.push({ at: order.paidAt.toISOString(), kind: "paid", detail: null });
  if (order.status === "declined" || order.status === "expired" || order.status === "canceled") {
    events.push({
      at: order.updatedAt.toISOString(),
      kind: order.status,
      detail: order.failureMessage,
    });
  }
  return events;
}

/** One order of the store, by number, with what only its staff see; 404 for any other. */
export async function adminOrderView(
  db: Database,
  storeId: string,
  number: number,
): Promise<AdminOrderView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  return {
    ...(await readOrderView(db, order)),
    customer: order.userId ? "account" : "guest",
    paymentReference: order.paymentReference,
    renewal: order.renewalOf !== null,
    tradePrices: order.tradePrices,
    events: eventsOf(order),
  };
}

/**
 * The orders that match the filters as CSV (newest first, at most ADMIN_ORDER_LIMITS.csvRows):
 * amounts in major units with two decimals, times in UTC ISO 8601.
 */
export async function adminOrdersCsv(
  db: Database,
  storeId: string,
  filters: Filters,
): Promise<string> {
  const rows = await db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      email: orders.email,
      name: orders.name,
      currency: orders.currency,
      subtotal: orders.subtotal,
      discount: sql<number>`${orders.discountAmount} + ${orders.pointsDiscount}`,
      shipping: orders.shippingAmount,
      tax: orders.taxAmount,
      total: orders.total,
      itemCount,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(whereOf(storeId, filters))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(ADMIN_ORDER_LIMITS.csvRows);
  const lines = [ADMIN_ORDER_CSV_COLUMNS.join(",")];
  for (const r of rows) {
    lines.push(
      [
        r.number,
        r.createdAt.toISOString(),
        r.status,
        r.email,
        r.name,
        r.currency.toUpperCase(),
        csvAmount(r.subtotal),
        csvAmount(Number(r.discount)),
        csvAmount(r.shipping),
        csvAmount(r.tax),
        csvAmount(r.total),
        r.itemCount,
        r.paidAt?.toISOString() ?? null,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
