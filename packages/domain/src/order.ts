/**
 * An order's life: `awaiting_payment` holds its stock until paid or released; `paid` is final;
 * `declined`, `expired` and `canceled` gave their stock back.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "declined",
  "expired",
  "canceled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MESSAGES = {
  notFound: "Order not found",
  /** Why an unpaid order ended: the shopper started a newer checkout of the same cart. */
  replaced: "Replaced by a newer checkout of the cart.",
  /** Why an unpaid order ended: its 30-minute hold passed. */
  holdExpired: "The payment was not completed within 30 minutes.",
  /** A payment that arrived after the hold expired, when the stock was gone. */
  refundedNoStock: "The items were no longer in stock when the payment arrived; it was refunded.",
  /** A payment that arrived for an order already canceled. */
  refundedCanceled: "The order had been canceled; the payment was refunded.",
  numberNotANumber: "The order number must be a number",
  numberNotWhole: "The order number must be a whole number",
  numberTooLarge: "The order number is too large",
  keyTooLong: "key is too long",
} as const;
