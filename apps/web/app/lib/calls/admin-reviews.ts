import { type adminReviewsEndpoints, ADMIN_REVIEWS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: every review, and hiding, showing or answering one: see ../api.ts.

type E = typeof adminReviewsEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
export const update = /* @__PURE__ */ callOf<E["update"]>(R.update);
