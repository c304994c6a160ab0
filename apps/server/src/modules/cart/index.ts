// The cart module's face: what other modules, flows and the app may use of it.
export type { ReplaceEntry } from "./cart-commands.ts";
export type { CartOwner } from "./cart-rows.ts";
export { cartSessionOf } from "./cart-rows.ts";
export {
  claimCartReminder,
  reactivateAbandonedCart,
  releaseCartReminder,
} from "./cart-status.ts";
export { storedCartView } from "./cart-view.ts";
export { selectionOf } from "./cart-writes.ts";
export type { CheckoutCart } from "./checkout-cart.ts";
export { readCheckoutCart } from "./checkout-cart.ts";
// For reading only, in analytics' abandoned-cart report and reminders: the cart alone writes them.
export { cartEvents, carts } from "./schema.ts";
