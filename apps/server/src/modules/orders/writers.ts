// The orders module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export {
  attachPaymentReference,
  endUnpaidOrder,
  insertOrder,
  lockOtherUnpaidOrders,
  markPaid,
  markPaidStatements,
  reopenOrder,
} from "./order-lifecycle.ts";
export { cancelPaidTooLate, lockOrderOfPayment, recordPaymentFailure } from "./payment-orders.ts";
export { completeRefund, failRefund, openRefund } from "./refunds.ts";
