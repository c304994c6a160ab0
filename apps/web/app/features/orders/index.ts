export { OrderDetails } from "./order-details";
export { OrderHistory } from "./order-history";
export type { OrderStatus, OrderSummary, OrderView } from "./order-types";
