import "./purchase-options.css";

export { AddToCart } from "./add-to-cart";
export { CartButton } from "./cart-button";
export { CartDrawer } from "./cart-drawer";
export { CartLines } from "./cart-lines";
export { useCartStore } from "./cart-store";
export { CartSummary } from "./cart-summary";
export { CurrencySwitcher } from "./currency-switcher";
export { NotMergedNotice } from "./not-merged-notice";
export { useCart, useSeedCart } from "./use-cart";
