import { type catalogEndpoints, CATALOG_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The catalogue as shoppers read it: products and collections: see ../api.ts.

type E = typeof catalogEndpoints;

export const products = /* @__PURE__ */ callOf<E["products"]>(R.products);
export const product = /* @__PURE__ */ callOf<E["product"]>(R.product);
export const collection = /* @__PURE__ */ callOf<E["collection"]>(R.collection);
