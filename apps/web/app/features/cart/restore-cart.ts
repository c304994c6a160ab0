import type { CartView } from "@storefront/domain";
import { ApiError, apiRequest } from "~/lib/api-client";
import type { CartOutcome } from "./cart-store";
import { useCartStore } from "./cart-store";

/**
 * Puts back the lines an emptied cart held (the cart page's Undo), as the whole cart
 * (POST metrics/cart-items: prices, limits and stock are the store's now). Its own module: only
 * the cart page loads it.
 */
export async function restoreCart(lines: CartView["cartItems"]): Promise<CartOutcome> {
  try {
    const cart = await apiRequest<CartView>("POST", "/metrics/cart-items", {
      cartItems: lines.map((l) => ({
        sku: l.sku,
        quantity: l.quantity,
        subscription: l.subscription ? { subscription_id: l.subscription.subscription_id } : null,
      })),
    });
    useCartStore.setState({ cart, error: null });
    return { ok: true };
  } catch (error) {
    const message = error instanceof ApiError ? error.message : "Something went wrong.";
    useCartStore.setState({ error: message });
    return { ok: false, message };
  }
}
