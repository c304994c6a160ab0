// The catalog module's face: what other modules, flows and the app may use of it.
export { forgetCatalogAnswers, reusedProductCards } from "./service.ts";
export type { StockLine } from "./stock.ts";
