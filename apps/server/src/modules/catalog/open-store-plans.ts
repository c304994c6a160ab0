import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { subscriptionPlans } from "./schema.ts";

/** Writes a new store's subscription plans, on the products written as `productIds` (by handle). */
export async function insertPlans(
  tx: Transaction,
  store: DemoStore,
  productIds: ReadonlyMap<string, string>,
): Promise<void> {
  for (const p of store.products) {
    const plans = p.subscriptionPlans ?? [];
    const productId = productIds.get(p.handle);
    if (plans.length === 0 || !productId) continue;
    await tx.insert(subscriptionPlans).values(
      plans.map((plan, planPosition) => ({
        ...plan,
        storeId: store.id,
        productId,
        position: planPosition,
      })),
    );
  }
}
