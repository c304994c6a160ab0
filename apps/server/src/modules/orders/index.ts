// The orders module's face: what other modules, flows and the app may use of it.
export { adminOrderView, findOrder } from "./admin-orders.ts";
export { sendOrderConfirmation } from "./mail.ts";
export type { OrderPayment } from "./order-lifecycle.ts";
export {
  cartHasOtherUnpaidOrder,
  dueHolds,
  orderAccessKey,
  orderStockLines,
  renewalTries,
} from "./order-lifecycle.ts";
export type { OrderLineRow, OrderRow } from "./order-reads.ts";
export { findOrderByKey, orderView, readOrderView, trackedOrder } from "./order-reads.ts";
export { reviewLinkTarget, reviewLinkToken } from "./review-link-token.ts";
// For reading only, in the joins of reviews (verified buyers, review links), subscriptions and
// discounts' reports: orders alone write them.
export { orderLines, orders } from "./schema.ts";
