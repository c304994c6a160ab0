// A subscription's start from a paid order, its renewals' periods, its history, and the
// shopper's list of them.
import {
  type Currency,
  isoDay,
  nextChargeAfter,
  nextChargeOn,
  type SubscriptionView,
} from "@storefront/domain";
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { planView, readPlans } from "../catalog/index.ts";
import { orderLines, orders } from "../orders/index.ts";
import type { SavedMethod } from "../payments/index.ts";
import { subscriptionEvents, subscriptions } from "./schema.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The day of the month a subscription's monthly dates keep: the day it started on, while `day`
 * (a charge date) is still on that schedule (the 31st, or a shorter month's last day); else, once
 * the schedule moved (resumed on another day), `day`'s own.
 */
export function anchorDay(sub: Pick<SubscriptionRow, "createdAt">, day: string): number {
  const start = sub.createdAt.getUTCDate();
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return date === Math.min(start, lastDay) ? start : date;
}
/**
 * Starts a subscription for each subscription line of a paid order, in the caller's transaction
 * (the one that marks the order paid, for the test card and the Stripe webhook alike). Each is
 * next charged one interval after the day it was paid (UTC). Only an account has subscriptions:
 * checkout refuses subscription lines to a guest, and a guest's order starts none.
 */
export async function startSubscriptions(
  tx: Transaction,
  order: {
    id: string;
    storeId: string;
    userId: string | null;
    currency: Currency;
    paymentProvider: string;
    paymentAccount: string | null;
  },
  payment: { cardBrand: string | null; cardLast4: string | null; saved?: SavedMethod | null },
  paidAt: Date,
): Promise<void> {
  if (!order.userId) return;
  const userId = order.userId;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.subscription)))
    .orderBy(asc(orderLines.position));
  const paidOn = isoDay(paidAt);
  const rows = lines.flatMap((line) => {
    const plan = line.subscription;
    if (!plan) return [];
    return [
      {
        storeId: order.storeId,
        userId,
        orderId: order.id,
        orderLineId: line.id,
        variantId: line.variantId,
        planId: line.planId,
        sku: line.sku,
        productTitle: line.title,
        planCode: plan.subscription_id,
        planLabel: plan.label,
        interval: plan.interval,
        intervalCount: plan.interval_count,
        discountPercentage: plan.discount_percentage,
        quantity: line.quantity,
        price: line.unitPrice,
        currency: order.currency,
        nextChargeOn: nextChargeOn(paidOn, plan.interval, plan.interval_count),
        // The day it started anchors its monthly dates (a start on the 31st stays on the 31st).
        createdAt: paidAt,
        paymentMethod: payment.saved?.method ?? null,
        paymentCustomer: payment.saved?.customer ?? null,
        // The card is kept where the order was paid: renewals are charged there.
        ...(payment.saved ? keptBy(order) : {}),
        cardBrand: payment.saved ? payment.cardBrand : null,
        cardLast4: payment.saved ? payment.cardLast4 : null,
      },
    ];
  });
  // A line that has one already (never, as an order completes once) is left as it is.
  if (rows.length > 0) await tx.insert(subscriptions).values(rows).onConflictDoNothing();
}

/** A signed-in shopper's subscriptions in this store, newest first (or the one named). */
export async function accountSubscriptions(
  db: Database,
  storeId: string,
  userId: string,
  onlyId?: string,
): Promise<SubscriptionView[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      handle: orderLines.handle,
      productId: orderLines.productId,
      attributes: orderLines.attributes,
      imageUrl: orderLines.imageUrl,
      orderNumber: orders.number,
    })
    .from(subscriptions)
    .innerJoin(orderLines, eq(orderLines.id, subscriptions.orderLineId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        eq(subscriptions.storeId, storeId),
        eq(subscriptions.userId, userId),
        onlyId ? eq(subscriptions.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), asc(orderLines.position));
  const productIds = rows.flatMap((r) => (r.productId ? [r.productId] : []));
  const plans = await readPlans(db, storeId, productIds);
  const plansOf = (productId: string | null) =>
    plans.filter((p) => p.productId === productId).map(planView);
  return rows.map(({ subscription: s, handle, productId, attributes, imageUrl, orderNumber }) => ({
    id: s.id,
    status: s.status,
    sku: s.sku,
    handle,
    title: s.productTitle,
    attributes,
    image_url: imageUrl,
    quantity: s.quantity,
    price: s.price,
    currency: s.currency,
    subscription: {
      subscription_id: s.planCode,
      label: s.planLabel,
      interval: s.interval,
      interval_count: s.intervalCount,
      discount_percentage: s.discountPercentage,
    },
    plans: plansOf(productId),
    paused_reason: s.status === "paused" ? (s.pausedReason ?? "shopper") : null,
    next_charge_on: s.nextChargeOn,
    retry_on: s.retryOn,
    card: s.paymentMethod ? { brand: s.cardBrand, last4: s.cardLast4 } : null,
    order_number: orderNumber,
    created_at: s.createdAt.toISOString(),
  }));
}

/** Writes one line of a subscription's history, in the caller's transaction. */
export async function recordEvent(
  tx: Transaction,
  sub: Pick<SubscriptionRow, "id" | "storeId">,
  actor: "shopper" | "renewal",
  action: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    storeId: sub.storeId,
    subscriptionId: sub.id,
    actor,
    action,
    detail,
    createdAt: at,
  });
}

/**
 * The idempotency key of one renewal try: one per subscription, period (the charge date it
 * renews) and try. A job that runs the same try again reuses it, so the order and the charge are
 * never made twice; a retry after a decline is a new try.
 */
export function renewalKey(subscriptionId: string, period: string, failedBefore: number): string {
  return `renewal:${subscriptionId}:${period}:${failedBefore}`;
}

/** The period a renewal order's key names. */
function periodOfRenewal(idempotencyKey: string): string | null {
  return /^renewal:[^:]+:(\d{4}-\d{2}-\d{2}):\d+$/.exec(idempotencyKey)?.[1] ?? null;
}

/**
 * A renewal order was paid (by the renewal job, or by the provider's webhook if it came first),
 * in the transaction that marks it paid: the subscription's next charge date moves one interval
 * past the period the order renewed, its failed tries are forgotten, and the price it was charged
 * becomes its price per delivery.
 */
export async function renewalPaid(
  tx: Transaction,
  order: {
    id: string;
    storeId: string;
    renewalOf: string;
    idempotencyKey: string;
    number: number;
    total: number;
  },
  now: Date,
): Promise<void> {
  const period = periodOfRenewal(order.idempotencyKey);
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, order.renewalOf), eq(subscriptions.storeId, order.storeId)))
    .for("update");
  if (!sub || !period) return;
  const [line] = await tx
    .select({ unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const next = nextChargeAfter(
    period,
    sub.interval,
    sub.intervalCount,
    isoDay(now),
    anchorDay(sub, period),
  );
  await tx
    .update(subscriptions)
    .set({
      // A delivery skipped meanwhile keeps its later date.
      nextChargeOn: next > sub.nextChargeOn ? next : sub.nextChargeOn,
      failedAttempts: 0,
      retryOn: null,
      price: line?.unitPrice ?? sub.price,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await recordEvent(
    tx,
    sub,
    "renewal",
    "renewed",
    { period, order_number: order.number, total: order.total, next_charge_on: next },
    now,
  );
}

/** The where clause of the account's subscription `id`: of its store and its shopper. */
export function ownedSubscription(owner: { storeId: string; userId: string }, id: string) {
  return and(
    eq(subscriptions.id, id),
    eq(subscriptions.storeId, owner.storeId),
    eq(subscriptions.userId, owner.userId),
  );
}

/** Who keeps a saved card: the processor and the store's Stripe account (null: none). */
export function keptBy(payment: { paymentProvider: string; paymentAccount: string | null }): {
  paymentProvider: "test" | "stripe";
  paymentAccount: string | null;
} {
  return {
    paymentProvider: payment.paymentProvider === "stripe" ? "stripe" : "test",
    paymentAccount: payment.paymentAccount,
  };
}
