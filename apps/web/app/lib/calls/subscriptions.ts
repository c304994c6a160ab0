import { SUBSCRIPTIONS_ROUTES as R, type subscriptionsEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// The signed-in shopper's subscriptions: see ../api.ts.

type E = typeof subscriptionsEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
export const change = /* @__PURE__ */ callOf<E["change"]>(R.change);
export const replaceCard = /* @__PURE__ */ callOf<E["replaceCard"]>(R.replaceCard);
