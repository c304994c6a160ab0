import type { AddCartItem, CartView, Currency } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/**
 * A cart line: a sku's plain line, its line on a plan (`subscription`), or a bundle's line
 * (`sku` the bundle's own, `skus_selected` the variants chosen for its slots).
 */
export interface CartLineRef {
  sku: string;
  subscription: { subscription_id: string } | null;
  skus_selected?: readonly string[] | null;
}

/**
 * The API path of one line: ?subscription_id= names a subscription line, ?skus_selected= (the
 * chosen skus, comma-separated) a bundle line.
 * @example linePath({ sku: "CALM-DUO", subscription: null, skus_selected: ["A", "B"] }) // "/api/cart/items/CALM-DUO?skus_selected=A,B"
 */
export function linePath({ sku, subscription, skus_selected }: CartLineRef): string {
  const path = `/api/cart/items/${encodeURIComponent(sku)}`;
  if (skus_selected && skus_selected.length > 0) {
    // Each sku escaped on its own: the commas between them stay commas.
    return `${path}?skus_selected=${skus_selected.map(encodeURIComponent).join(",")}`;
  }
  return subscription
    ? `${path}?subscription_id=${encodeURIComponent(subscription.subscription_id)}`
    : path;
}

// Every call answers the whole cart (or throws an ApiError with the API's message).

export const fetchCart = () => apiRequest<CartView>("GET", "/api/cart");

/**
 * A variant by sku (on a plan with `subscription_id`, else bought once), or a bundle by
 * `bundle_id` (its product's handle) with one chosen sku per slot in `skus_selected`.
 */
export const addCartItem = (item: AddCartItem) =>
  apiRequest<CartView>("POST", "/api/cart/items", item);

export const updateCartLine = (line: CartLineRef, quantity: number) =>
  apiRequest<CartView>("PATCH", linePath(line), { quantity });

export const removeCartLine = (line: CartLineRef) => apiRequest<CartView>("DELETE", linePath(line));

export const clearCart = () => apiRequest<CartView>("DELETE", "/api/cart");

export const applyDiscountCode = (code: string) =>
  apiRequest<CartView>("PUT", "/api/cart/discount", { code });

export const removeDiscountCode = () => apiRequest<CartView>("DELETE", "/api/cart/discount");

export const setCartCurrency = (currency: Currency) =>
  apiRequest<CartView>("PUT", "/api/cart/currency", { currency });
