import { endpoint } from "../endpoint.ts";
import { CurrencySchema } from "../money-schema.ts";
import { SearchQuerySchema, SearchResultsSchema } from "../search-schema.ts";
import * as SEARCH_ROUTES from "./search-routes.ts";

/** The search's public endpoint (registered by modules/search/routes.ts). */
export const searchEndpoints = {
  search: endpoint(SEARCH_ROUTES.search, {
    tags: ["search"],
    summary:
      "The store's products and pages for a query, best first (title first; prefixes, synonyms and misspellings understood), priced in the visitor's currency",
    query: SearchQuerySchema.extend({ currency: CurrencySchema.optional() }),
    response: { 200: SearchResultsSchema },
  }),
};
