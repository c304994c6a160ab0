import { type adminAnalyticsEndpoints, ADMIN_ANALYTICS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the dashboard and the abandoned-cart report: see ../api.ts.

type E = typeof adminAnalyticsEndpoints;

export const dashboard = /* @__PURE__ */ callOf<E["dashboard"]>(R.dashboard);
export const abandonedCarts = /* @__PURE__ */ callOf<E["abandonedCarts"]>(R.abandonedCarts);
