// The card fields of the test processor, for the account page's new card for renewals.
export { type CardInput, cardFieldError, EMPTY_CARD, parseExpiry } from "./checkout-api";
export { CheckoutPage } from "./checkout-page";
export { TestCardFields } from "./test-card-fields";
