import {
  AddCartItemSchema,
  ApplyDiscountSchema,
  CartLineParamsSchema,
  CartLineQuerySchema,
  CartViewSchema,
  SetCurrencySchema,
  SyncCartSchema,
  UpdateCartItemSchema,
} from "../cart-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as CART_ROUTES from "./cart-routes.ts";

/** Every call answers the whole cart; the OpenAPI document lists it under "cart". */
const cart = { tags: ["cart"], response: { 200: CartViewSchema } };
/** The discount code's calls, listed under "discounts". */
const discount = { ...cart, tags: ["discounts"] };
/** A line's path and query (see lineWhere). */
const line = { params: CartLineParamsSchema, query: CartLineQuerySchema };

/** The cart's endpoints and its discount code's (registered by modules/cart/routes.ts). */
export const cartEndpoints = {
  get: endpoint(CART_ROUTES.get, { ...cart, summary: "The visitor's cart" }),
  addItem: endpoint(CART_ROUTES.addItem, {
    ...cart,
    summary:
      "Add a variant by sku, once or on a plan (subscription_id: the plan's code), or a bundle (bundle_id: its handle, skus_selected: one sku per slot); price from the store; refused past 19 lines, 19 of one, or stock",
    body: AddCartItemSchema,
  }),
  updateItem: endpoint(CART_ROUTES.updateItem, {
    ...cart,
    ...line,
    summary:
      "Set a line's quantity (1 to 19, within stock); ?subscription_id= names a subscription line, ?skus_selected=A,B a bundle line",
    body: UpdateCartItemSchema,
  }),
  removeItem: endpoint(CART_ROUTES.removeItem, {
    ...cart,
    ...line,
    summary:
      "Remove a line; ?subscription_id= names a subscription line, ?skus_selected=A,B a bundle line",
  }),
  clear: endpoint(CART_ROUTES.clear, { ...cart, summary: "Empty the cart" }),
  setCurrency: endpoint(CART_ROUTES.setCurrency, {
    ...cart,
    summary: "Choose the currency: re-prices the cart and remembers the choice (cookie)",
    body: SetCurrencySchema,
  }),
  items: endpoint(CART_ROUTES.items, {
    ...cart,
    summary: "The visitor's cart (spec: GET metrics/cart-items, reads cartItems)",
  }),
  replace: endpoint(CART_ROUTES.replace, {
    ...cart,
    summary:
      "Replace the cart with {cartItems} (only sku, quantity, subscription.subscription_id, bundle_id and skus_selected are read; prices come from the store)",
    body: SyncCartSchema,
  }),
  applyDiscount: endpoint(CART_ROUTES.applyDiscount, {
    ...discount,
    summary: "Apply a discount code to the cart (case-insensitive)",
    body: ApplyDiscountSchema,
  }),
  removeDiscount: endpoint(CART_ROUTES.removeDiscount, {
    ...discount,
    summary: "Remove the cart's discount code",
  }),
};
