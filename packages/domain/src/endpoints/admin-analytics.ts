import { DashboardQuerySchema, DashboardSchema } from "../admin-dashboard.ts";
import { AbandonedCartPageSchema, AbandonedCartQuerySchema } from "../analytics-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as ADMIN_ANALYTICS_ROUTES from "./admin-analytics-routes.ts";

/** The store admins' dashboard and abandoned-cart report (modules/analytics/admin-routes.ts). */
export const adminAnalyticsEndpoints = {
  dashboard: endpoint(ADMIN_ANALYTICS_ROUTES.dashboard, {
    tags: ["analytics", "admin"],
    summary:
      "Store admins: the dashboard for a range of UTC days (default the last 30): sales per currency and day, the visit funnel, abandoned and recovered carts, top products and searches, new and returning customers",
    query: DashboardQuerySchema,
    response: { 200: DashboardSchema },
  }),
  abandonedCarts: endpoint(ADMIN_ANALYTICS_ROUTES.abandonedCarts, {
    tags: ["analytics"],
    summary:
      "Store admins: the cart-abandonment report (spec section 3), the most recently abandoned first",
    query: AbandonedCartQuerySchema,
    response: { 200: AbandonedCartPageSchema },
  }),
};
