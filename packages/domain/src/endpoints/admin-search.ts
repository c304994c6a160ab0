import { endpoint } from "../endpoint.ts";
import { SearchReportQuerySchema, SearchReportSchema } from "../search-schema.ts";
import * as ADMIN_SEARCH_ROUTES from "./admin-search-routes.ts";

/** The store admins' search report (modules/search/admin-routes.ts). */
export const adminSearchEndpoints = {
  queries: endpoint(ADMIN_SEARCH_ROUTES.queries, {
    tags: ["search"],
    summary:
      "Store admins: the most searched queries of the last days, and the queries that found nothing",
    query: SearchReportQuerySchema,
    response: { 200: SearchReportSchema },
  }),
};
