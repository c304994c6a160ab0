import { type CartView, sameLine } from "@storefront/domain";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import type { CartOutcome } from "./cart-store";
import { useCartStore } from "./cart-store";
import { syncItemOf } from "./sync-item";

type Line = CartView["cartItems"][number];

/**
 * Makes these lines the whole cart (POST metrics/cart-items: prices, limits and stock are the
 * store's, and a refusal changes nothing): the cart page's Undo puts an emptied cart's lines back
 * with it. Its own module: only the cart and checkout pages load it.
 */
export async function replaceCart(lines: readonly Line[]): Promise<CartOutcome> {
  try {
    const cart = await api.cart.replace({ cartItems: lines.map(syncItemOf) });
    useCartStore.setState({ cart, error: null });
    return { ok: true };
  } catch (error) {
    const message = error instanceof ApiError ? error.message : "Something went wrong.";
    useCartStore.setState({ error: message });
    return { ok: false, message };
  }
}

/**
 * Buys a subscription line's item once instead, in one change of the whole cart: a one-time line
 * of the same item takes its quantity (within the limits and stock, else nothing changes).
 */
export function switchToOneTime(cart: CartView, line: Line): Promise<CartOutcome> {
  return replaceCart(
    cart.cartItems.map((l) => (sameLine(l, line) ? { ...l, subscription: null } : l)),
  );
}
