// The catalog module's face: what other modules, flows and the app may use of it.
export type { PlanRow } from "./plans.ts";
export { planView, readPlans } from "./plans.ts";
export { forgetCatalogAnswers, reusedProductCards } from "./service.ts";
export type { StockLine } from "./stock.ts";
