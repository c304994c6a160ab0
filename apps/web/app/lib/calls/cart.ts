import { type cartEndpoints, CART_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The cart's and its discount code's calls (see ../api.ts).

type E = typeof cartEndpoints;

export const get = /* @__PURE__ */ callOf<E["get"]>(R.get);
export const addItem = /* @__PURE__ */ callOf<E["addItem"]>(R.addItem);
export const updateItem = /* @__PURE__ */ callOf<E["updateItem"]>(R.updateItem);
export const removeItem = /* @__PURE__ */ callOf<E["removeItem"]>(R.removeItem);
export const clear = /* @__PURE__ */ callOf<E["clear"]>(R.clear);
export const setCurrency = /* @__PURE__ */ callOf<E["setCurrency"]>(R.setCurrency);
export const items = /* @__PURE__ */ callOf<E["items"]>(R.items);
export const replace = /* @__PURE__ */ callOf<E["replace"]>(R.replace);
export const applyDiscount = /* @__PURE__ */ callOf<E["applyDiscount"]>(R.applyDiscount);
export const removeDiscount = /* @__PURE__ */ callOf<E["removeDiscount"]>(R.removeDiscount);
