import { type analyticsEndpoints, ANALYTICS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The visit's analytics and a recovery email's links: see ../api.ts.

type E = typeof analyticsEndpoints;

export const initialize = /* @__PURE__ */ callOf<E["initialize"]>(R.initialize);
export const updateSessionData = /* @__PURE__ */ callOf<E["updateSessionData"]>(
  R.updateSessionData,
);
export const collectData = /* @__PURE__ */ callOf<E["collectData"]>(R.collectData);
export const abandonedCart = /* @__PURE__ */ callOf<E["abandonedCart"]>(R.abandonedCart);
export const recoverCart = /* @__PURE__ */ callOf<E["recoverCart"]>(R.recoverCart);
export const unsubscribe = /* @__PURE__ */ callOf<E["unsubscribe"]>(R.unsubscribe);
