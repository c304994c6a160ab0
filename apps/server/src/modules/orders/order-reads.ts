import {
  DomainError,
  NO_SHIPPING_OPTION,
  ORDER_MESSAGES,
  type OrderSummary,
  type OrderView,
} from "@storefront/domain";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { tokenHash } from "../../lib/tokens.ts";
import { orderLines, orders } from "./schema.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export async function findOrderByKey(
  db: Database,
  storeId: string,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export function orderView(order: OrderRow, lines: readonly OrderLineRow[]): OrderView {
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    email: order.email,
    name: order.name,
    address: order.address,
    currency: order.currency,
    lines: lines.map((l) => ({
      sku: l.sku,
      handle: l.handle,
      title: l.title,
      attributes: l.attributes,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      subscription: l.subscription,
      contents:
        l.contents?.map(({ sku, title, attributes, quantity }) => ({
          sku,
          title,
          attributes,
          quantity,
        })) ?? null,
    })),
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    pointsSpent: order.pointsSpent,
    pointsDiscount: order.pointsDiscount,
    requiresShipping: order.shippingOptionId !== NO_SHIPPING_OPTION.id,
    shippingLabel: order.shippingLabel,
    shippingAmount: order.shippingAmount,
    taxLines: order.taxLines,
    taxAmount: order.taxAmount,
    total: order.total,
    payment: {
      provider: order.paymentProvider === "stripe" ? "stripe" : "test",
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
    },
    pointsEarned: order.pointsEarned,
    failureMessage: order.failureMessage,
    shipment:
      order.shippedAt && order.carrier && order.trackingNumber
        ? {
            shippedAt: order.shippedAt.toISOString(),
            carrier: order.carrier,
            trackingNumber: order.trackingNumber,
          }
        : null,
  };
}

export async function readOrderView(db: Database, order: OrderRow): Promise<OrderView> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return orderView(order, lines);
}

/**
 * An order of this store by number, for its signed-in owner or for whoever holds the key from
 * the confirmation email; anyone else gets the same 404 as for a number that does not exist.
 */
export async function findReadableOrder(
  db: Database,
  storeId: string,
  number: number,
  reader: { userId: string | null; key: string | null },
): Promise<OrderView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  const allowed =
    order &&
    ((reader.userId !== null && order.userId === reader.userId) ||
      (reader.key !== null && tokenHash(reader.key) === order.accessKeyHash));
  if (!order || !allowed) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  return readOrderView(db, order);
}

/** A signed-in shopper's orders, newest first: paid ones and those awaiting payment. */
export async function accountOrders(
  db: Database,
  storeId: string,
  userId: string,
): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      currency: orders.currency,
      total: orders.total,
      pointsEarned: orders.pointsEarned,
      // Spelled out: inside the subquery a bare "id" would be order_lines.id.
      itemCount: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.userId, userId),
        inArray(orders.status, ["paid", "awaiting_payment"]),
      ),
    )
    .orderBy(desc(orders.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    currency: r.currency,
  }));
}

/**
 * The order of this store with this number and email (as stored: lower case), with its lines'
 * titles and quantities in order, for a shopper who asks where it is; null when none matches.
 */
export async function trackedOrder(db: Database, storeId: string, number: number, email: string) {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      shippedAt: orders.shippedAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number), eq(orders.email, email)));
  if (!order) return null;
  const lines = await db
    .select({ title: orderLines.title, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { ...order, lines };
}
