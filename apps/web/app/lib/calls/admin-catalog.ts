import { type adminCatalogEndpoints, ADMIN_CATALOG_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The store admins' catalogue: products, variants, images, collections: see ../api.ts.

type E = typeof adminCatalogEndpoints;

export const products = /* @__PURE__ */ callOf<E["products"]>(R.products);
export const updateVariant = /* @__PURE__ */ callOf<E["updateVariant"]>(R.updateVariant);
export const setPublished = /* @__PURE__ */ callOf<E["setPublished"]>(R.setPublished);
export const collections = /* @__PURE__ */ callOf<E["collections"]>(R.collections);
export const setCollectionProducts = /* @__PURE__ */ callOf<E["setCollectionProducts"]>(
  R.setCollectionProducts,
);
export const product = /* @__PURE__ */ callOf<E["product"]>(R.product);
export const createProduct = /* @__PURE__ */ callOf<E["createProduct"]>(R.createProduct);
export const saveProduct = /* @__PURE__ */ callOf<E["saveProduct"]>(R.saveProduct);
export const addImage = /* @__PURE__ */ callOf<E["addImage"]>(R.addImage);
export const removeImage = /* @__PURE__ */ callOf<E["removeImage"]>(R.removeImage);
