import { type designRequestsEndpoints, DESIGN_REQUESTS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The garden design request form: see ../api.ts.

type E = typeof designRequestsEndpoints;

export const submit = /* @__PURE__ */ callOf<E["submit"]>(R.submit);
