import { AuthStatusQuerySchema, AuthStatusSchema } from "../account-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as SESSION_ROUTES from "./session-routes.ts";

/** Whether the visitor is signed in (registered by modules/accounts/routes.ts). */
export const sessionEndpoints = {
  status: endpoint(SESSION_ROUTES.status, {
    tags: ["accounts"],
    summary: "Whether the visitor is signed in on this store, and as whom (spec)",
    query: AuthStatusQuerySchema,
    response: { 200: AuthStatusSchema },
  }),
};
