import { type adminSearchEndpoints, ADMIN_SEARCH_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the search report: see ../api.ts.

type E = typeof adminSearchEndpoints;

export const queries = /* @__PURE__ */ callOf<E["queries"]>(R.queries);
