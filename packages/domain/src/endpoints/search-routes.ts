import type { Route } from "../endpoint.ts";

/** The store's search as shoppers make it (the schemas are in search.ts). */
export const SEARCH_ROUTES = {
  search: "GET /api/search",
} as const satisfies Record<string, Route>;
