// The cart module's face: what other modules, flows and the app may use of it.
export type { ReplaceEntry } from "./cart-commands.ts";
export type { CartOwner } from "./cart-queries.ts";
export { cartSessionOf, selectionOf } from "./cart-queries.ts";
export { storedCartView } from "./cart-view.ts";
export type { CheckoutCart } from "./checkout-cart.ts";
export { readCheckoutCart } from "./checkout-cart.ts";
