// The catalog module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.

export { insertCatalog } from "./open-store.ts";
export { insertPlans } from "./open-store-plans.ts";
export { createProduct, updateProduct } from "./product-editor.ts";
export { giveStockBack, takeStock } from "./stock.ts";
