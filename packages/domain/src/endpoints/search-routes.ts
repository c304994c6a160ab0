import type { Route } from "../endpoint.ts";

// The store's search as shoppers make it (the schemas are in search.ts).
// One export per route, read as the namespace SEARCH_ROUTES: the browser bundles only the
// routes it calls.

export const search = "GET /api/search" satisfies Route;
