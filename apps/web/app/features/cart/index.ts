import "./purchase-options.css";
import { lazy } from "react";

export { AddToCart } from "./add-to-cart";
export { BundlePicker } from "./bundle-picker";
export { CartButton } from "./cart-button";
export { CartLines } from "./cart-lines";
export { useCartStore } from "./cart-store";
export { CartSummary, DiscountForm } from "./cart-summary";
export { CurrencySwitcher } from "./currency-switcher";
export { NotMergedNotice } from "./not-merged-notice";
export { replaceCart, switchToOneTime } from "./replace-cart";
export { syncItemOf } from "./sync-item";
export { useCart, useSeedCart } from "./use-cart";

/** The cart drawer, loaded when it first opens. */
export const LazyCartDrawer = lazy(() => import("./cart-drawer"));
