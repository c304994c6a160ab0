/**
 * Recover a cart: the flow behind a reminder's link (POST /api/cart/recover). Its steps:
 * 1. the link must be live and its cart not bought since (analytics);
 * 2. the abandoned cart's lines become the visitor's cart, in this browser, whoever they are,
 *    under the cart's own rules (stock, plans): a refusal leaves the link unspent (cart);
 * 3. the link is spent (analytics).
 */
import type { CartView } from "@storefront/domain";
import type { Database } from "../db/index.ts";
import { openRecoveryLink } from "../modules/analytics/index.ts";
import { spendRecoveryLink } from "../modules/analytics/writers.ts";
import type { CartOwner } from "../modules/cart/index.ts";
import { type ReplaceEntry, storedCartView } from "../modules/cart/index.ts";
import { replaceCart } from "../modules/cart/writers.ts";

/** Puts the link's abandoned cart back as the visitor's cart; an unusable link is a 400. */
export async function recoverCart(
  db: Database,
  owner: CartOwner,
  token: string,
  now: Date,
): Promise<CartView> {
  const { linkId, cart } = await openRecoveryLink(db, owner.storeId, token, now);
  const view = await storedCartView(db, cart);
  const entries = view.cartItems.map(
    (l): ReplaceEntry =>
      l.bundle_id !== null && l.skus_selected !== null
        ? { bundleId: l.bundle_id, skusSelected: l.skus_selected, quantity: l.quantity }
        : {
            sku: l.sku,
            quantity: l.quantity,
            subscriptionId: l.subscription?.subscription_id ?? null,
          },
  );
  const restored = await replaceCart(db, owner, entries);
  await spendRecoveryLink(db, owner.storeId, token, linkId, now);
  return restored;
}
