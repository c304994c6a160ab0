import { REVIEWS_ROUTES, type reviewsEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** A product's reviews, their helpful votes and reports. */
export const reviews = /* @__PURE__ */ clientOf<typeof reviewsEndpoints>(REVIEWS_ROUTES);
