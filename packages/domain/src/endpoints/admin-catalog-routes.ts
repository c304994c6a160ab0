import type { Route } from "../endpoint.ts";

// The store admins' catalogue: products, their variants' prices and stock, their images, and the
// collections' products (the schemas are in admin-catalog.ts).
// One export per route, read as the namespace ADMIN_CATALOG_ROUTES: the browser bundles only the
// routes it calls.

export const products = "GET /api/admin/products" satisfies Route;
export const updateVariant = "PATCH /api/admin/variants/:id" satisfies Route;
export const setPublished = "PATCH /api/admin/products/:id" satisfies Route;
export const collections = "GET /api/admin/collections" satisfies Route;
export const setCollectionProducts = "PUT /api/admin/collections/:id/products" satisfies Route;
export const product = "GET /api/admin/products/:id" satisfies Route;
export const createProduct = "POST /api/admin/products" satisfies Route;
export const saveProduct = "PUT /api/admin/products/:id" satisfies Route;
export const addImage = "POST /api/admin/products/:id/images" satisfies Route;
export const removeImage = "DELETE /api/admin/products/:id/images/:imageId" satisfies Route;
