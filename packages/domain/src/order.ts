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
