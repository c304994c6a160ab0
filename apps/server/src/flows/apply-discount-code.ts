/**
 * Apply a discount code to the visitor's cart: in the cart's transaction (cart), the code is
 * looked up and checked for the cart's currency and buyer (discounts: active, not expired, not
 * used up, not the buyer's own personal code, priced in the currency), then kept on the cart.
 */
import type { CartView } from "@storefront/domain";
import type { Database } from "../db/index.ts";
import type { CartOwner } from "../modules/cart/index.ts";
import { setCartCode } from "../modules/cart/writers.ts";
import { findRedeemableCode } from "../modules/discounts/index.ts";

/** Applies a code of this store (case-insensitive) to the cart, opening one if needed. */
export function applyDiscountCode(db: Database, owner: CartOwner, code: string): Promise<CartView> {
  return setCartCode(db, owner, async ({ tx, currency }) => {
    const row = await findRedeemableCode(tx, owner.storeId, code, currency, owner.userId);
    return row.id;
  });
}
