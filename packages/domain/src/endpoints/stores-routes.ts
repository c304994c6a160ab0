import type { Route } from "../endpoint.ts";

// The store's own route: what every page shows of it (the schemas are in stores.ts).
// One export per route, read as the namespace STORES_ROUTES: the browser bundles only the
// routes it calls.

export const info = "GET /api/store" satisfies Route;
