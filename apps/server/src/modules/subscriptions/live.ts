// Whether a product's part may go: a subscription still to be delivered holds it.
import { and, inArray, ne, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import { subscriptions } from "./schema.ts";

async function liveSubscriptionOf(tx: Transaction, where: SQL): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(where, ne(subscriptions.status, "cancelled")))
    .limit(1);
  return row !== undefined;
}

/**
 * Subscriptions still to be delivered (active or paused) of a variant or a plan: the catalogue's
 * product editor keeps those (the flow that saves a product hands this read to it).
 */
export const liveSubscriptions = {
  onVariant: (tx: Transaction, variantId: string): Promise<boolean> =>
    liveSubscriptionOf(tx, inArray(subscriptions.variantId, [variantId])),
  onPlan: (tx: Transaction, planId: string): Promise<boolean> =>
    liveSubscriptionOf(tx, inArray(subscriptions.planId, [planId])),
};
