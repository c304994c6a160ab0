import { TRADE_ROUTES, type tradeEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The trade partner application. */
export const trade = /* @__PURE__ */ clientOf<typeof tradeEndpoints>(TRADE_ROUTES);
