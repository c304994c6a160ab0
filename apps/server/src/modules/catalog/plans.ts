// A product's subscription plans, as the API answers them.
import type { SubscriptionPlan } from "@storefront/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { subscriptionPlans } from "./schema.ts";

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
