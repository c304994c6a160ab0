import { type adminDiscountsEndpoints, ADMIN_DISCOUNTS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The store admins' discount codes: see ../api.ts.

type E = typeof adminDiscountsEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
export const create = /* @__PURE__ */ callOf<E["create"]>(R.create);
export const discount = /* @__PURE__ */ callOf<E["discount"]>(R.discount);
export const update = /* @__PURE__ */ callOf<E["update"]>(R.update);
export const expire = /* @__PURE__ */ callOf<E["expire"]>(R.expire);
