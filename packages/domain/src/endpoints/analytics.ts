import { z } from "zod";
import {
  AbandonedCartBeaconSchema,
  AnalyticsSessionSchema,
  CollectDataSchema,
  InitializeSessionSchema,
  RecoverCartSchema,
  SessionDataSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeSchema,
} from "../analytics-schema.ts";
import { CartViewSchema } from "../cart-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as ANALYTICS_ROUTES from "./analytics-routes.ts";

/** A beacon's answer: a 204, nothing to read. */
const RecordedSchema = z.null().describe("Recorded; nothing to read");

const analytics = { tags: ["analytics"] };
const recorded = { ...analytics, response: { 204: RecordedSchema } };

/** The analytics' public endpoints (registered by modules/analytics/routes.ts). */
export const analyticsEndpoints = {
  initialize: endpoint(ANALYTICS_ROUTES.initialize, {
    ...analytics,
    summary:
      "Open (or resume, within 30 idle minutes) the visit's analytics session (spec); store_id must be this store's",
    body: InitializeSessionSchema,
    response: { 200: AnalyticsSessionSchema },
  }),
  updateSessionData: endpoint(ANALYTICS_ROUTES.updateSessionData, {
    ...recorded,
    summary:
      "The visit's analytics state (spec section 3), usually by beacon (JSON as text/plain); written within a second",
    body: SessionDataSchema,
  }),
  collectData: endpoint(ANALYTICS_ROUTES.collectData, {
    ...recorded,
    summary:
      "Store where the visit comes from (spec): looked up for the connection's address (never the address sent, which is only checked), once per visit",
    body: CollectDataSchema,
  }),
  abandonedCart: endpoint(ANALYTICS_ROUTES.abandonedCart, {
    ...recorded,
    summary:
      "The page was left with {cartItems} (spec, a beacon): the visitor's active cart with lines becomes abandoned",
    body: AbandonedCartBeaconSchema,
  }),
  recoverCart: endpoint(ANALYTICS_ROUTES.recoverCart, {
    ...analytics,
    summary:
      "A recovery email's link: the abandoned cart's lines become this browser's cart; the link works once, within its days",
    body: RecoverCartSchema,
    response: { 200: CartViewSchema },
  }),
  unsubscribe: endpoint(ANALYTICS_ROUTES.unsubscribe, {
    ...analytics,
    summary:
      "A recovery email's unsubscribe link: no more cart reminders to that address from this store",
    body: UnsubscribeSchema,
    response: { 200: UnsubscribeAnswerSchema },
  }),
};
