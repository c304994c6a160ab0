import type { Route } from "../endpoint.ts";

/**
 * The store admins' catalogue: products, their variants' prices and stock, their images, and the
 * collections' products (the schemas are in admin-catalog.ts).
 */
export const ADMIN_CATALOG_ROUTES = {
  products: "GET /api/admin/products",
  updateVariant: "PATCH /api/admin/variants/:id",
  setPublished: "PATCH /api/admin/products/:id",
  collections: "GET /api/admin/collections",
  setCollectionProducts: "PUT /api/admin/collections/:id/products",
  product: "GET /api/admin/products/:id",
  createProduct: "POST /api/admin/products",
  saveProduct: "PUT /api/admin/products/:id",
  addImage: "POST /api/admin/products/:id/images",
  removeImage: "DELETE /api/admin/products/:id/images/:imageId",
} as const satisfies Record<string, Route>;
