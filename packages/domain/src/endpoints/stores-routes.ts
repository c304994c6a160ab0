import type { Route } from "../endpoint.ts";

/** The store's own route: what every page shows of it (the schemas are in stores.ts). */
export const STORES_ROUTES = {
  info: "GET /api/store",
} as const satisfies Record<string, Route>;
