import { SUBSCRIPTIONS_ROUTES, type subscriptionsEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The signed-in shopper's subscriptions. */
export const subscriptions =
  /* @__PURE__ */ clientOf<typeof subscriptionsEndpoints>(SUBSCRIPTIONS_ROUTES);
