import type { Route } from "../endpoint.ts";

// The cart's routes, its discount code's included: one export per route, read as the namespace
// CART_ROUTES (packages/domain/src/index.ts), so the browser bundles only the routes it calls
// (the schemas are in cart.ts). The spec's call table is `items` and `replace`: the browser
// initialises its cart from GET metrics/cart-items and syncs it with POST.

export const get = "GET /api/cart" satisfies Route;
export const addItem = "POST /api/cart/items" satisfies Route;
export const updateItem = "PATCH /api/cart/items/:sku" satisfies Route;
export const removeItem = "DELETE /api/cart/items/:sku" satisfies Route;
export const clear = "DELETE /api/cart" satisfies Route;
export const setCurrency = "PUT /api/cart/currency" satisfies Route;
export const items = "GET /metrics/cart-items" satisfies Route;
export const replace = "POST /metrics/cart-items" satisfies Route;
export const applyDiscount = "PUT /api/cart/discount" satisfies Route;
export const removeDiscount = "DELETE /api/cart/discount" satisfies Route;
