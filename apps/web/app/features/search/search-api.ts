import { SEARCH_LIMITS, type SearchResults } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/** The store's products and pages for a query (GET /api/search), in the visitor's currency. */
export function searchStore(query: string, limit: number = SEARCH_LIMITS.instant) {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  return apiRequest<SearchResults>("GET", `/api/search?${params}`);
}
