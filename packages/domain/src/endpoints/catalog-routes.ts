import type { Route } from "../endpoint.ts";

/** The catalogue as shoppers read it: products and collections (the schemas are in catalog.ts). */
export const CATALOG_ROUTES = {
  products: "GET /api/products",
  product: "GET /api/products/:handle",
  collection: "GET /api/collections/:handle",
} as const satisfies Record<string, Route>;
