import { TRADE_ROUTES as R, type tradeEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// The trade partner application: see ../api.ts.

type E = typeof tradeEndpoints;

export const apply = /* @__PURE__ */ callOf<E["apply"]>(R.apply);
