import type { Route } from "../endpoint.ts";

// The trade partner application of the store's trade page (the schemas are in trade.ts).
// One export per route, read as the namespace TRADE_ROUTES: the browser bundles only the
// routes it calls.

export const apply = "POST /api/wholesale-applications" satisfies Route;
