import { SESSION_ROUTES as R, type sessionEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// Whether the visitor is signed in, and as whom: see ../api.ts.

type E = typeof sessionEndpoints;

export const status = /* @__PURE__ */ callOf<E["status"]>(R.status);
