import type { CartView } from "@storefront/domain";

/**
 * A line as POST metrics/cart-items (and the abandoned-cart beacon) takes it: the store prices
 * it; a bundle line also names its bundle and the skus chosen for it.
 */
export function syncItemOf(line: CartView["cartItems"][number]) {
  return {
    sku: line.sku,
    quantity: line.quantity,
    subscription: line.subscription ? { subscription_id: line.subscription.subscription_id } : null,
    ...(line.bundle_id != null && line.skus_selected
      ? { bundle_id: line.bundle_id, skus_selected: line.skus_selected }
      : {}),
  };
}
