import { createHmac, randomUUID } from "node:crypto";
import {
  CHECKOUT_MESSAGES,
  type Currency,
  DomainError,
  type OrderAddress,
  type OrderStatus,
  type OrderSummary,
  type OrderView,
  PAYMENT_HOLD_MS,
  pointsEarned,
  type SubscriptionPlan,
  type TaxLine,
} from "@storefront/domain";
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import {
  discountCodes,
  orderLines,
  orders,
  paymentEvents,
  stores,
  users,
  variants,
} from "../../db/schema.ts";
import { tokenHash } from "../../lib/tokens.ts";
import { markCartPurchased } from "../cart/checkout-cart.ts";
import type { PaymentEvent, PaymentProvider } from "../payments/provider.ts";
import { startSubscriptions } from "../subscriptions/service.ts";

export const ORDER_NOT_FOUND_MESSAGE = "Order not found";

export type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** A line as the order freezes it. */
export interface OrderLineDraft {
  variantId: string;
  productId: string;
  sku: string;
  handle: string;
  title: string;
  attributes: Record<string, string>;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  /** A subscription line's plan and its terms as they are now; null for a one-time purchase. */
  planId: string | null;
  subscription: SubscriptionPlan | null;
}

/** Everything an order is made of before it exists. */
export interface OrderDraft {
  storeId: string;
  idempotencyKey: string;
  userId: string | null;
  cartId: string;
  email: string;
  name: string;
  address: OrderAddress;
  currency: Currency;
  subtotal: number;
  discountAmount: number;
  discountCodeId: string | null;
  discountCode: string | null;
  affiliateUserId: string | null;
  commissionAmount: number;
  shippingOptionId: string;
  shippingLabel: string;
  shippingAmount: number;
  taxLines: TaxLine[];
  taxAmount: number;
  total: number;
  paymentProvider: "test" | "stripe";
  lines: OrderLineDraft[];
}

/** The payment that completed an order. */
export interface PaymentDone {
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The key in the confirmation email's link. Derived from the order and the client's
 * Idempotency-Key, so a retried request can be answered with it again; only its hash is stored.
 */
export function orderAccessKey(orderId: string, idempotencyKey: string): string {
  return createHmac("sha256", idempotencyKey).update(`order-access:${orderId}`).digest("base64url");
}

/**
 * Takes the lines' stock with a guard in each statement (`stock >= quantity`), in variant order so
 * two orders never wait on each other; the first line short of stock refuses the whole order.
 */
async function takeStock(tx: Database, storeId: string, lines: readonly OrderLineDraft[]) {
  const sorted = [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId));
  for (const line of sorted) {
    // A line whose variant was deleted since the order was placed has no stock to take.
    if (!line.variantId)
      throw new DomainError("out_of_stock", CHECKOUT_MESSAGES.outOfStock(line.title, 0));
    const [taken] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${line.quantity}` })
      .where(
        and(
          eq(variants.id, line.variantId),
          eq(variants.storeId, storeId),
          sql`${variants.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: variants.id });
    if (!taken) {
      const [left] = await tx
        .select({ stock: variants.stock })
        .from(variants)
        .where(eq(variants.id, line.variantId));
      throw new DomainError(
        "out_of_stock",
        CHECKOUT_MESSAGES.outOfStock(line.title, Math.max(0, left?.stock ?? 0)),
      );
    }
  }
}

async function giveStockBack(tx: Database, storeId: string, orderId: string): Promise<void> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.variantId));
  for (const line of lines) {
    if (!line.variantId) continue;
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(and(eq(variants.id, line.variantId), eq(variants.storeId, storeId)));
  }
}

/** Counts one redemption of the code, guarded so `max_redemptions` is never passed. */
async function redeemCode(tx: Database, storeId: string, codeId: string): Promise<void> {
  const [redeemed] = await tx
    .update(discountCodes)
    .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.active, true),
        sql`${discountCodes.redemptions} < ${discountCodes.maxRedemptions}`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!redeemed) throw new DomainError("conflict", CHECKOUT_MESSAGES.discountUsedUp);
}

async function giveRedemptionBack(tx: Database, storeId: string, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ redemptions: sql`greatest(${discountCodes.redemptions} - 1, 0)` })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId)));
}

/**
 * Inserts the order (prices frozen) and its lines, takes their stock and counts the code's
 * redemption, all in the caller's transaction. A second order with the same Idempotency-Key
 * fails on the unique index (see isUniqueViolation).
 */
export async function insertOrder(
  tx: Database,
  draft: OrderDraft,
  initial: { status: OrderStatus; now: Date },
): Promise<OrderRow> {
  const { lines, ...order } = draft;
  const id = randomUUID();
  const [row] = await tx
    .insert(orders)
    .values({
      ...order,
      id,
      status: initial.status,
      accessKeyHash: tokenHash(orderAccessKey(id, draft.idempotencyKey)),
      holdExpiresAt: new Date(initial.now.getTime() + PAYMENT_HOLD_MS),
    })
    .returning();
  if (!row) throw new Error("The order was not inserted");
  await tx.insert(orderLines).values(
    lines.map((l, position) => ({
      ...l,
      orderId: row.id,
      storeId: draft.storeId,
      lineTotal: l.unitPrice * l.quantity,
      position,
    })),
  );
  await takeStock(tx, draft.storeId, lines);
  if (draft.discountCodeId) await redeemCode(tx, draft.storeId, draft.discountCodeId);
  return row;
}

/**
 * Completes a paid order in the caller's transaction: the order is paid, its cart emptied and
 * marked purchased, and a signed-in buyer earns points and starts the subscriptions of its
 * subscription lines. Guarded on the order's status, so a replay completes nothing twice;
 * answers whether this call completed it.
 */
export async function completeOrder(
  tx: Transaction,
  order: Pick<
    OrderRow,
    | "id"
    | "storeId"
    | "cartId"
    | "userId"
    | "total"
    | "currency"
    | "affiliateUserId"
    | "commissionAmount"
  >,
  payment: PaymentDone,
  now: Date,
): Promise<boolean> {
  const points = order.userId ? pointsEarned(order.total) : 0;
  const [paid] = await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt: now,
      updatedAt: now,
      paymentReference: payment.reference,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      pointsEarned: points,
      failureMessage: null,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ["awaiting_payment"])))
    .returning({ id: orders.id });
  if (!paid) return false;
  if (order.cartId) await markCartPurchased(tx, order.storeId, order.cartId, order.id);
  await startSubscriptions(tx, order, now);
  if (order.userId && points > 0) {
    await tx
      .update(users)
      .set({ pointsBalance: sql`${users.pointsBalance} + ${points}` })
      .where(and(eq(users.id, order.userId), eq(users.storeId, order.storeId)));
  }
  if (order.affiliateUserId && order.commissionAmount > 0) {
    // The balance is one number in the store's currency: an order in the other currency keeps
    // its commission on the order (orders.commission_amount) without converting it.
    await tx
      .update(users)
      .set({ commissionAmount: sql`${users.commissionAmount} + ${order.commissionAmount}` })
      .where(
        and(
          eq(users.id, order.affiliateUserId),
          eq(users.storeId, order.storeId),
          sql`exists (select 1 from ${stores} where ${stores.id} = ${order.storeId} and ${stores.defaultCurrency} = ${order.currency})`,
        ),
      );
  }
  return true;
}

/**
 * Ends an unpaid order (declined, expired or canceled) and gives its stock and redemption back.
 * Guarded on `awaiting_payment`; answers whether this call ended it.
 */
export async function releaseOrder(
  tx: Database,
  order: Pick<OrderRow, "id" | "storeId" | "discountCodeId">,
  status: Exclude<OrderStatus, "paid" | "awaiting_payment">,
  message: string | null,
  now: Date,
): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ status, updatedAt: now, failureMessage: message })
    .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id });
  if (!released) return false;
  await giveStockBack(tx, order.storeId, order.id);
  if (order.discountCodeId) await giveRedemptionBack(tx, order.storeId, order.discountCodeId);
  return true;
}

/** Releases the cart's orders still awaiting payment (canceled); answers the ones it released. */
export async function releaseCartOrders(
  tx: Database,
  storeId: string,
  cartId: string,
  now: Date,
): Promise<OrderRow[]> {
  const waiting = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.cartId, cartId),
        eq(orders.status, "awaiting_payment"),
      ),
    )
    .for("update");
  const released: OrderRow[] = [];
  for (const order of waiting) {
    if (
      await releaseOrder(tx, order, "canceled", "Replaced by a newer checkout of the cart.", now)
    ) {
      released.push(order);
    }
  }
  return released;
}

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
    })),
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
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
  if (!order || !allowed) throw new DomainError("not_found", ORDER_NOT_FOUND_MESSAGE);
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
 * Releases every hold whose 30 minutes have passed: the order expires, its stock and redemption
 * go back, and the provider's payment is cancelled so it can no longer succeed. Answers how many.
 */
export async function releaseExpiredHolds(
  db: Database,
  provider: PaymentProvider,
  now: Date,
  log: { warn(obj: object, msg: string): void },
): Promise<number> {
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lt(orders.holdExpiresAt, now)))
    .limit(200);
  let released = 0;
  for (const order of due) {
    const done = await db.transaction((tx) =>
      releaseOrder(tx, order, "expired", "The payment was not completed within 30 minutes.", now),
    );
    if (!done) continue;
    released += 1;
    if (order.paymentReference) {
      await provider
        .cancel(order.paymentReference, `order-${order.id}-cancel`)
        .catch((err: unknown) =>
          log.warn({ err, order: order.number }, "could not cancel the expired order's payment"),
        );
    }
  }
  return released;
}

/** What applying a webhook did. */
export type PaymentEventOutcome =
  | "completed"
  | "already_applied"
  | "refunded_no_stock"
  | "recorded_failure"
  | "unknown_order"
  | "ignored";

/** The order a payment belongs to: by its reference, else by the order id in its metadata. */
async function orderOfPayment(
  tx: Database,
  provider: PaymentProvider,
  event: Exclude<PaymentEvent, { type: "ignored" }>,
): Promise<OrderRow | undefined> {
  const [byReference] = await tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.paymentProvider, provider.name), eq(orders.paymentReference, event.reference)),
    )
    .for("update");
  if (byReference || event.type !== "payment_succeeded" || !event.orderId || !event.storeId) {
    return byReference;
  }
  // The PaymentIntent exists but its reference was never stored on the order (the request that
  // made it failed after Stripe answered): the metadata names the order.
  const [claimed] = await tx
    .update(orders)
    .set({ paymentReference: event.reference })
    .where(
      and(
        eq(orders.id, event.orderId),
        eq(orders.storeId, event.storeId),
        eq(orders.paymentProvider, provider.name),
        isNull(orders.paymentReference),
      ),
    )
    .returning();
  return claimed;
}

/**
 * Applies a verified payment webhook once: the event id is recorded in the same transaction, so
 * a replay applies nothing. A success completes the order awaiting it. A success for an order
 * whose hold expired takes the stock again; when the stock is gone, or the order was replaced or
 * canceled, the order is not confirmed and the payment is refunded. An event for an order this
 * server does not know is not recorded, so the provider's retry can still apply it.
 */
export async function applyPaymentEvent(
  db: Database,
  provider: PaymentProvider,
  event: PaymentEvent,
  now: Date,
): Promise<{ outcome: PaymentEventOutcome; order: OrderRow | null }> {
  if (event.type === "ignored") return { outcome: "ignored", order: null };
  const result = await db.transaction(async (tx) => {
    const order = await orderOfPayment(tx, provider, event);
    if (!order) return { outcome: "unknown_order" as const, order: null, refund: false };
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: provider.name, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: "already_applied" as const, order: null, refund: false };
    if (event.type === "payment_failed") {
      await tx
        .update(orders)
        .set({ failureMessage: event.message, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")));
      return { outcome: "recorded_failure" as const, order, refund: false };
    }
    const payment = {
      reference: event.reference,
      cardBrand: event.cardBrand,
      cardLast4: event.cardLast4,
    };
    if (order.status === "paid") {
      return { outcome: "already_applied" as const, order, refund: false };
    }
    if (order.status === "awaiting_payment") {
      await completeOrder(tx, order, payment, now);
      return { outcome: "completed" as const, order, refund: false };
    }
    // The hold expired before the money arrived: take the stock again if it is still there.
    const retaken =
      order.status === "expired" &&
      (await tx
        .transaction(async (inner) => {
          await inner
            .update(orders)
            .set({ status: "awaiting_payment" })
            .where(eq(orders.id, order.id));
          const lines = await inner
            .select()
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id));
          await takeStock(
            inner,
            order.storeId,
            lines.map((l) => ({
              ...l,
              variantId: l.variantId ?? "",
              productId: l.productId ?? "",
            })),
          );
          if (order.discountCodeId) await redeemCode(inner, order.storeId, order.discountCodeId);
          await completeOrder(inner, order, payment, now);
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof DomainError) return false;
          throw err;
        }));
    if (retaken) return { outcome: "completed" as const, order, refund: false };
    await tx
      .update(orders)
      .set({
        status: "canceled",
        failureMessage:
          order.status === "expired"
            ? "The items were no longer in stock when the payment arrived; it was refunded."
            : (order.failureMessage ?? "The order had been canceled; the payment was refunded."),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    return { outcome: "refunded_no_stock" as const, order, refund: true };
  });
  if (result.refund && result.order) {
    try {
      await provider.refund(event.reference, `order-${result.order.id}-refund`);
    } catch (err) {
      // Forget the event so the provider's retry refunds again (same idempotency key).
      await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
      throw err;
    }
  }
  return { outcome: result.outcome, order: result.order };
}
