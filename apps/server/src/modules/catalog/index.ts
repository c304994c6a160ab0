// The catalog module's face: what other modules, flows and the app may use of it.

export type { PlanRow } from "./plans.ts";
export { planView, readPlans } from "./plans.ts";
export { firstProductImages } from "./product-images.ts";
// For reading only, in the joins of the buy path that stay one statement (cart lines priced and
// stocked, a renewal's price): the catalogue alone writes these tables.
export {
  bundleChoices,
  products,
  sellableStock,
  sellingPrice,
  subscriptionPlans,
  variantPrices,
  variants,
} from "./schema.ts";
export { forgetCatalogAnswers, reusedProductCards } from "./service.ts";
export type { StockLine } from "./stock.ts";
