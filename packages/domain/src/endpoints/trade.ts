import { endpoint } from "../endpoint.ts";
import { StoredTradeApplicationSchema, TradeApplicationSchema } from "../trade-schema.ts";
import * as TRADE_ROUTES from "./trade-routes.ts";

/** The trade module's public endpoint (registered by modules/trade/routes.ts). */
export const tradeEndpoints = {
  apply: endpoint(TRADE_ROUTES.apply, {
    tags: ["trade"],
    summary:
      "Apply to be a trade (wholesale) partner: kept for the store's admins and mailed to its owner",
    body: TradeApplicationSchema,
    response: { 201: StoredTradeApplicationSchema },
  }),
};
