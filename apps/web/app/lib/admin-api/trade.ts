import { ADMIN_TRADE_ROUTES, type adminTradeEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

// A group of the store admins' endpoints as calls, as ~/lib/api's (`import * as api from
// "~/lib/admin-api/<group>"`, then `api.adminOrders.refund(body, { params, headers })`). Not in
// ~/lib/api: root.tsx imports all of that, and the client build puts what root.tsx needs in the
// chunk every page loads (vite.config.ts). One module per group, imported directly (no index), so
// a group's calls go into the chunk of the admin screen that makes them, and nothing else moves.

/** Store admins: the trade applications and their approval. */
export const adminTrade = /* @__PURE__ */ clientOf<typeof adminTradeEndpoints>(ADMIN_TRADE_ROUTES);
