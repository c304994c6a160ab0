import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import {
  TradeApplicationListSchema,
  TradeApprovalRequestSchema,
  TradeApprovalSchema,
} from "../trade-schema.ts";
import * as ADMIN_TRADE_ROUTES from "./admin-trade-routes.ts";

/** A page of the applications: at most `limit`, after `offset` of them. */
const TradeApplicationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** An application's id in the path. */
const TradeApplicationParamsSchema = z.object({ id: z.uuid("Must be an application's id") });

/** The store admins' trade application endpoints (modules/trade/admin-routes.ts). */
export const adminTradeEndpoints = {
  applications: endpoint(ADMIN_TRADE_ROUTES.applications, {
    tags: ["trade"],
    summary: "The store's trade applications, newest first (the store's admins only)",
    query: TradeApplicationListQuerySchema,
    response: { 200: TradeApplicationListSchema },
  }),
  approve: endpoint(ADMIN_TRADE_ROUTES.approve, {
    tags: ["trade"],
    summary:
      "Approve a trade application: its email's account becomes a wholesale one (made if there is none) and is mailed a sign-in link",
    params: TradeApplicationParamsSchema,
    body: TradeApprovalRequestSchema,
    response: { 200: TradeApprovalSchema },
  }),
};
