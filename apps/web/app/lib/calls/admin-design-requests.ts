import {
  type adminDesignRequestsEndpoints,
  ADMIN_DESIGN_REQUESTS_ROUTES as R,
} from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the garden design requests: see ../api.ts.

type E = typeof adminDesignRequestsEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
