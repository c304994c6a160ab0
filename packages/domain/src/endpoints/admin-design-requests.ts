import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { DesignRequestListSchema } from "../garden-design-schema.ts";
import * as ADMIN_DESIGN_REQUESTS_ROUTES from "./admin-design-requests-routes.ts";

/** A page of the requests: at most `limit`, after `offset` of them. */
const DesignRequestListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The store admins' garden design request endpoints (modules/design-requests/admin-routes.ts). */
export const adminDesignRequestsEndpoints = {
  list: endpoint(ADMIN_DESIGN_REQUESTS_ROUTES.list, {
    tags: ["design-requests"],
    summary: "The store's garden design requests, newest first (the store's admins only)",
    query: DesignRequestListQuerySchema,
    response: { 200: DesignRequestListSchema },
  }),
};
