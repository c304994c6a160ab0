import { ANALYTICS_ROUTES, type analyticsEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The visit's analytics and a recovery email's links. */
export const analytics = /* @__PURE__ */ clientOf<typeof analyticsEndpoints>(ANALYTICS_ROUTES);
