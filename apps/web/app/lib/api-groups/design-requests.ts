import { DESIGN_REQUESTS_ROUTES, type designRequestsEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The garden design request form. */
export const designRequests =
  /* @__PURE__ */ clientOf<typeof designRequestsEndpoints>(DESIGN_REQUESTS_ROUTES);
