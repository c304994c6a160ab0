import { endpoint } from "../endpoint.ts";
import {
  GardenDesignSubmissionSchema,
  StoredDesignRequestSchema,
} from "../garden-design-schema.ts";
import * as DESIGN_REQUESTS_ROUTES from "./design-requests-routes.ts";

/** The garden design requests' public endpoint (registered by modules/design-requests/routes.ts). */
export const designRequestsEndpoints = {
  submit: endpoint(DESIGN_REQUESTS_ROUTES.submit, {
    tags: ["design-requests"],
    summary:
      "Submit a garden design request (spec): stored, and mailed to the store owner; store_id must be this store's",
    body: GardenDesignSubmissionSchema,
    response: { 201: StoredDesignRequestSchema },
  }),
};
