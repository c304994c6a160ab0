// The cart module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export { replaceCart, setCartCode } from "./cart-commands.ts";
export { mergeGuestCart } from "./cart-merge.ts";
export { markCartAbandoned, reactivateCart } from "./cart-status.ts";
export { cartPurchasedWith, lockCheckoutCart } from "./checkout-cart.ts";
