import { type adminTradeEndpoints, ADMIN_TRADE_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the trade applications and their approval: see ../api.ts.

type E = typeof adminTradeEndpoints;

export const applications = /* @__PURE__ */ callOf<E["applications"]>(R.applications);
export const approve = /* @__PURE__ */ callOf<E["approve"]>(R.approve);
