import type { Route } from "../endpoint.ts";

/** The trade partner application of the store's trade page (the schemas are in trade.ts). */
export const TRADE_ROUTES = {
  apply: "POST /api/wholesale-applications",
} as const satisfies Record<string, Route>;
