import { REVIEWS_ROUTES as R, type reviewsEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// A product's reviews, their helpful votes and reports: see ../api.ts.

type E = typeof reviewsEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
export const add = /* @__PURE__ */ callOf<E["add"]>(R.add);
export const markHelpful = /* @__PURE__ */ callOf<E["markHelpful"]>(R.markHelpful);
export const unmarkHelpful = /* @__PURE__ */ callOf<E["unmarkHelpful"]>(R.unmarkHelpful);
export const report = /* @__PURE__ */ callOf<E["report"]>(R.report);
