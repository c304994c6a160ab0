import {
  ADMIN_ORDER_CSV_COLUMNS,
  ADMIN_ORDER_LIMITS,
  type AdminOrderEvent,
  type AdminOrderList,
  type AdminOrderQuery,
  type AdminOrderSort,
  type AdminOrderView,
  csvField,
  DomainError,
  formatMoney,
  NO_SHIPPING_OPTION,
  ORDER_MESSAGES,
  orderNumberOf,
  SHIPMENT_MESSAGES,
  type ShipmentRequest,
  toDecimalString,
} from "@storefront/domain";
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { type Database, likeContaining, type Transaction } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { sendShippingNotice } from "./mail.ts";
import { type OrderRow, readOrderView } from "./order-reads.ts";
import { orderRefunds, orders } from "./schema.ts";

type Filters = Omit<AdminOrderQuery, "sort" | "dir" | "page" | "perPage">;

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
    const pattern = likeContaining(filters.q);
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
        refundedAmount: orders.refundedAmount,
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

export type RefundRow = typeof orderRefunds.$inferSelect;

/** What the store recorded of an order's life, oldest first. */
function eventsOf(order: OrderRow, refunds: readonly RefundRow[]): AdminOrderEvent[] {
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
  if (order.shippedAt) {
    events.push({
      at: order.shippedAt.toISOString(),
      kind: "shipped",
      detail: `${order.carrier ?? ""} ${order.trackingNumber ?? ""}`.trim(),
    });
  }
  for (const refund of refunds) {
    const parts = [formatMoney(refund.amount, order.currency)];
    if (refund.restock) parts.push("items put back in stock");
    if (refund.reason) parts.push(refund.reason);
    if (refund.status === "failed" && refund.failureMessage) parts.push(refund.failureMessage);
    events.push({
      at: (refund.completedAt ?? refund.createdAt).toISOString(),
      kind:
        refund.status === "succeeded"
          ? "refunded"
          : refund.status === "pending"
            ? "refund_pending"
            : "refund_failed",
      detail: parts.join(" · "),
    });
  }
  // Placed first whatever the clocks say (the database's and the server's may differ by a hair).
  const rank = (e: AdminOrderEvent) => (e.kind === "placed" ? 0 : 1);
  return events.sort((a, b) => rank(a) - rank(b) || a.at.localeCompare(b.at));
}

/** The store's order by number (locked for the transaction's write); 404 for any other. */
export async function findOrder(db: Database, storeId: string, number: number): Promise<OrderRow>;
export async function findOrder(
  tx: Transaction,
  storeId: string,
  number: number,
  lock: "for update",
): Promise<OrderRow>;
export async function findOrder(
  db: Database | Transaction,
  storeId: string,
  number: number,
  lock?: "for update",
): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  const [order] = await (lock ? query.for("update") : query);
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  return order;
}

/** What a refund may still give back: the total less what was refunded or is being refunded. */
export function refundableOf(order: OrderRow, refunds: readonly RefundRow[]): number {
  const pending = refunds.filter((r) => r.status === "pending").reduce((n, r) => n + r.amount, 0);
  return order.status === "paid" ? Math.max(0, order.total - order.refundedAmount - pending) : 0;
}

/** One order of the store, by number, with what only its staff see; 404 for any other. */
export async function adminOrderView(
  db: Database,
  storeId: string,
  number: number,
): Promise<AdminOrderView> {
  const order = await findOrder(db, storeId, number);
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.createdAt));
  return {
    ...(await readOrderView(db, order)),
    customer: order.userId ? "account" : "guest",
    paymentReference: order.paymentReference,
    renewal: order.renewalOf !== null,
    tradePrices: order.tradePrices,
    refundedAmount: order.refundedAmount,
    refundable: refundableOf(order, refunds),
    restocked: order.restocked,
    events: eventsOf(order, refunds),
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
      refunded: orders.refundedAmount,
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
        toDecimalString(r.subtotal),
        toDecimalString(Number(r.discount)),
        toDecimalString(r.shipping),
        toDecimalString(r.tax),
        toDecimalString(r.total),
        toDecimalString(r.refunded),
        r.itemCount,
        r.paidAt?.toISOString() ?? null,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Marks a paid order shipped with its carrier and tracking number (or corrects them), audits it,
 * and mails the buyer the tracking number; the order page and the chatbot show it from then on.
 */
export async function shipOrder(
  deps: { db: Database; mailer: Mailer },
  storeId: string,
  number: number,
  actor: AdminActor,
  request: ShipmentRequest,
  requestOrigin: URL | null,
): Promise<AdminOrderView> {
  const { db } = deps;
  const shipped = await db.transaction(async (tx) => {
    const order = await findOrder(tx, storeId, number, "for update");
    if (order.status !== "paid") throw new DomainError("conflict", SHIPMENT_MESSAGES.notPaid);
    if (order.shippingOptionId === NO_SHIPPING_OPTION.id) {
      throw new DomainError("conflict", SHIPMENT_MESSAGES.nothingShipped);
    }
    const before = {
      shippedAt: order.shippedAt?.toISOString() ?? null,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
    };
    const [updated] = await tx
      .update(orders)
      .set({
        shippedAt: order.shippedAt ?? new Date(),
        carrier: request.carrier,
        trackingNumber: request.trackingNumber,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error("the order was not updated");
    await audit(tx, storeId, actor, {
      action: order.shippedAt ? "order.tracking_changed" : "order.ship",
      target: `order ${order.number}`,
      before,
      after: {
        shippedAt: updated.shippedAt?.toISOString() ?? null,
        carrier: updated.carrier,
        trackingNumber: updated.trackingNumber,
      },
    });
    return updated;
  });
  await sendShippingNotice(db, deps.mailer, shipped, requestOrigin);
  return adminOrderView(db, storeId, number);
}
