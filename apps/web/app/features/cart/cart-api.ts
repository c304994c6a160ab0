import type { CartView, Currency } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/** A cart line: a sku's plain line, or its line on a plan (`subscription`). */
export interface CartLineRef {
  sku: string;
  subscription: { subscription_id: string } | null;
}

/** The API path of one line: ?subscription_id= names a subscription line. */
function linePath({ sku, subscription }: CartLineRef): string {
  const path = `/api/cart/items/${encodeURIComponent(sku)}`;
  return subscription
    ? `${path}?subscription_id=${encodeURIComponent(subscription.subscription_id)}`
    : path;
}

// Every call answers the whole cart (or throws an ApiError with the API's message).

export const fetchCart = () => apiRequest<CartView>("GET", "/api/cart");

/** `subscriptionId`: the plan's code for a subscription line; null buys once. */
export const addCartItem = (sku: string, quantity: number, subscriptionId: string | null) =>
  apiRequest<CartView>("POST", "/api/cart/items", {
    sku,
    quantity,
    ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
  });

export const updateCartLine = (line: CartLineRef, quantity: number) =>
  apiRequest<CartView>("PATCH", linePath(line), { quantity });

export const removeCartLine = (line: CartLineRef) => apiRequest<CartView>("DELETE", linePath(line));

export const clearCart = () => apiRequest<CartView>("DELETE", "/api/cart");

export const applyDiscountCode = (code: string) =>
  apiRequest<CartView>("PUT", "/api/cart/discount", { code });

export const removeDiscountCode = () => apiRequest<CartView>("DELETE", "/api/cart/discount");

export const setCartCurrency = (currency: Currency) =>
  apiRequest<CartView>("PUT", "/api/cart/currency", { currency });
