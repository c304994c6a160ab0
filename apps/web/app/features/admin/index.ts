export { AdminFrame } from "./admin-frame";
export { withParams } from "./format";
export { OrderDetail } from "./order-detail";
export { OrderList } from "./order-list";
export { ProductList } from "./product-list";
export { ReviewModeration } from "./review-moderation";
export { TradeApplications } from "./trade-applications";
