import { PLATFORM_ROUTES, type platformEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The platform's operators: their session and the stores. */
export const platform = /* @__PURE__ */ clientOf<typeof platformEndpoints>(PLATFORM_ROUTES);
