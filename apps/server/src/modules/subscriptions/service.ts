import {
  type Currency,
  isoDay,
  nextChargeOn,
  type SubscriptionPlan,
  type SubscriptionView,
} from "@storefront/domain";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { orderLines, orders, subscriptionPlans, subscriptions } from "../../db/schema.ts";

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** A plan as the API answers it; its code is the `subscription_id`. */
export function planView(plan: PlanRow): SubscriptionPlan {
  return {
    subscription_id: plan.code,
    label: plan.label,
    interval: plan.interval,
    interval_count: plan.intervalCount,
    discount_percentage: plan.discountPercentage,
  };
}

/** The plans of these products of this store, in each product's order. */
export async function readPlans(
  db: Database,
  storeId: string,
  productIds: readonly string[],
): Promise<PlanRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.storeId, storeId),
        inArray(subscriptionPlans.productId, [...new Set(productIds)]),
      ),
    )
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.code));
}

/**
 * Starts a subscription for each subscription line of a paid order, in the caller's transaction
 * (the one that marks the order paid, for the test card and the Stripe webhook alike). Each is
 * next charged one interval after the day it was paid (UTC). Only an account has subscriptions:
 * checkout refuses subscription lines to a guest, and a guest's order starts none.
 */
export async function startSubscriptions(
  tx: Transaction,
  order: { id: string; storeId: string; userId: string | null; currency: Currency },
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
      },
    ];
  });
  // A line that has one already (never, as an order completes once) is left as it is.
  if (rows.length > 0) await tx.insert(subscriptions).values(rows).onConflictDoNothing();
}

/** A signed-in shopper's subscriptions in this store, newest first. */
export async function accountSubscriptions(
  db: Database,
  storeId: string,
  userId: string,
): Promise<SubscriptionView[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      handle: orderLines.handle,
      attributes: orderLines.attributes,
      imageUrl: orderLines.imageUrl,
      orderNumber: orders.number,
    })
    .from(subscriptions)
    .innerJoin(orderLines, eq(orderLines.id, subscriptions.orderLineId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(subscriptions.storeId, storeId), eq(subscriptions.userId, userId)))
    .orderBy(desc(subscriptions.createdAt), asc(orderLines.position));
  return rows.map(({ subscription: s, handle, attributes, imageUrl, orderNumber }) => ({
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
    next_charge_on: s.nextChargeOn,
    order_number: orderNumber,
    created_at: s.createdAt.toISOString(),
  }));
}
