import type { Route } from "../endpoint.ts";

// The catalogue as shoppers read it: products and collections (the schemas are in catalog.ts).
// One export per route, read as the namespace CATALOG_ROUTES: the browser bundles only the
// routes it calls.

export const products = "GET /api/products" satisfies Route;
export const product = "GET /api/products/:handle" satisfies Route;
export const collection = "GET /api/collections/:handle" satisfies Route;
