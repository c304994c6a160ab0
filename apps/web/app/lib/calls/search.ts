import { SEARCH_ROUTES as R, type searchEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// The store's search: see ../api.ts.

type E = typeof searchEndpoints;

export const search = /* @__PURE__ */ callOf<E["search"]>(R.search);
