export { OrderDetails, ShippingAddress } from "./order-details";
export { OrderHistory } from "./order-history";
export { orderMoneyRows } from "./order-totals";
export type { OrderStatus, OrderSummary, OrderView } from "./order-types";
export { cardText } from "./order-types";
