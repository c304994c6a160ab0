// The shopper's changes to a subscription: skip, pause, resume, cancel, another plan.
import {
  DomainError,
  isoDay,
  nextChargeOn,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionChange,
  type SubscriptionView,
  subscriptionPrice,
} from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../../db/index.ts";
import { subscriptionPlans, variantPrices, variants } from "../catalog/index.ts";
import { orders } from "../orders/index.ts";
import { subscriptions } from "./schema.ts";
import {
  accountSubscriptions,
  anchorDay,
  ownedSubscription,
  recordEvent,
  type SubscriptionRow,
} from "./service.ts";

/**
 * The shopper changes a subscription on `/account`, under its row's lock (the renewal job takes
 * the same lock): skip the next delivery, pause, resume (charged at once when its date has
 * passed), cancel, or move to another plan of the product. Every change is recorded with what it
 * changed. A cancelled subscription changes no more.
 */
export async function changeSubscription(
  db: Database,
  owner: { storeId: string; userId: string },
  id: string,
  change: SubscriptionChange,
  now: Date,
): Promise<SubscriptionView> {
  if (!z.uuid().safeParse(id).success) {
    throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  }
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(ownedSubscription(owner, id))
      .for("update");
    if (!sub) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
    if (sub.status === "cancelled") {
      throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.cancelled);
    }
    // A renewal being charged right now finishes first: its outcome then stands, and the change
    // applies to what it left.
    const [charging] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.renewalOf, sub.id), eq(orders.status, "awaiting_payment")))
      .limit(1);
    if (charging) throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.renewing);
    const { set, detail } = await planChange(tx, sub, change, isoDay(now));
    if (set.status) SUBSCRIPTION_TRANSITIONS.check(sub.status, set.status);
    await tx
      .update(subscriptions)
      .set({ ...set, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordEvent(tx, sub, "shopper", change.action, detail, now);
  });
  const [view] = await accountSubscriptions(db, owner.storeId, owner.userId, id);
  if (!view) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  return view;
}

type SubscriptionUpdate = Partial<typeof subscriptions.$inferInsert>;

/** What one change sets on the subscription, and what its history records. */
async function planChange(
  tx: Transaction,
  sub: SubscriptionRow,
  change: SubscriptionChange,
  today: string,
): Promise<{ set: SubscriptionUpdate; detail: Record<string, unknown> }> {
  switch (change.action) {
    case "skip": {
      if (sub.status !== "active") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.skipNotActive);
      }
      // The delivery due (or being retried) is skipped: the next one is an interval later.
      const next = nextChargeOn(
        sub.nextChargeOn,
        sub.interval,
        sub.intervalCount,
        anchorDay(sub, sub.nextChargeOn),
      );
      return {
        set: { nextChargeOn: next, failedAttempts: 0, retryOn: null },
        detail: { skipped: sub.nextChargeOn, next_charge_on: next },
      };
    }
    case "pause":
      if (sub.status === "paused") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.pausedAlready);
      }
      return {
        set: { status: "paused", pausedReason: "shopper", failedAttempts: 0, retryOn: null },
        detail: { next_charge_on: sub.nextChargeOn },
      };
    case "resume": {
      if (sub.status === "active") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.activeAlready);
      }
      if (!sub.paymentMethod) throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.noCard);
      const next = sub.nextChargeOn < today ? today : sub.nextChargeOn;
      return {
        set: {
          status: "active",
          pausedReason: null,
          failedAttempts: 0,
          retryOn: null,
          nextChargeOn: next,
        },
        detail: { was: sub.pausedReason, next_charge_on: next },
      };
    }
    case "cancel":
      return {
        set: { status: "cancelled", pausedReason: null, retryOn: null },
        detail: { status_was: sub.status },
      };
    case "change_plan": {
      const set = await otherPlan(tx, sub, change.subscription_id);
      return { set, detail: { from: sub.planCode, to: set.planCode } };
    }
  }
}

/** The subscription moved to another plan of its product, priced as that plan is now. */
async function otherPlan(
  tx: Transaction,
  sub: SubscriptionRow,
  code: string,
): Promise<SubscriptionUpdate> {
  const [found] = sub.variantId
    ? await tx
        .select({ plan: subscriptionPlans, price: variantPrices.amount })
        .from(variants)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.productId, variants.productId))
        .leftJoin(
          variantPrices,
          and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, sub.currency)),
        )
        .where(
          and(
            eq(variants.id, sub.variantId),
            eq(subscriptionPlans.storeId, sub.storeId),
            eq(sql`lower(${subscriptionPlans.code})`, code.toLowerCase()),
          ),
        )
    : [];
  if (!found) {
    throw new DomainError("invalid", SUBSCRIPTION_MESSAGES.planNotFound, {
      subscription_id: SUBSCRIPTION_MESSAGES.planNotFound,
    });
  }
  const { plan } = found;
  if (plan.id === sub.planId || plan.code === sub.planCode) {
    throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.samePlan);
  }
  return {
    planId: plan.id,
    planCode: plan.code,
    planLabel: plan.label,
    interval: plan.interval,
    intervalCount: plan.intervalCount,
    discountPercentage: plan.discountPercentage,
    price:
      found.price === null ? sub.price : subscriptionPrice(found.price, plan.discountPercentage),
  };
}
