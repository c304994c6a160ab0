import { SEARCH_ROUTES, type searchEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The store's search. */
export const search = /* @__PURE__ */ clientOf<typeof searchEndpoints>(SEARCH_ROUTES);
