import { z } from "zod";
import { ProductCardSchema } from "./catalog-schema.ts";
import { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_TYPES } from "./search.ts";

/** GET /api/search's query. */
export const SearchQuerySchema = z.strictObject({
  q: z
    .string({ error: SEARCH_MESSAGES.empty })
    .trim()
    .min(1, SEARCH_MESSAGES.empty)
    .max(SEARCH_LIMITS.query, SEARCH_MESSAGES.tooLong),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.limit })
    .int(SEARCH_MESSAGES.limit)
    .min(1, SEARCH_MESSAGES.limit)
    .max(SEARCH_LIMITS.maxResults, SEARCH_MESSAGES.limit)
    .default(SEARCH_LIMITS.results),
  type: z.enum(SEARCH_TYPES, { error: SEARCH_MESSAGES.type }).default("all"),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchPageResultSchema = z.object({
  title: z.string(),
  /** The page's path on the store ("/pages/faq", "/policies/shipping-policy"). */
  url: z.string(),
  summary: z.string(),
});
export type SearchPageResult = z.infer<typeof SearchPageResultSchema>;

/** Where a search that found nothing may go next: the store's conditions, its favourites. */
export const SearchSuggestionsSchema = z.object({
  /** A collection narrowed to one condition: "Allergies" → /collections/all?condition=allergies. */
  conditions: z.array(z.object({ label: z.string(), url: z.string() })),
  /** The products with the most reviews. */
  popular: z.array(ProductCardSchema),
});

/**
 * GET /api/search's answer: the best products and pages first, and how many match in all;
 * `suggestions` only when nothing matched.
 */
export const SearchResultsSchema = z.object({
  query: z.string(),
  products: z.array(ProductCardSchema),
  productTotal: z.number().int(),
  pages: z.array(SearchPageResultSchema),
  pageTotal: z.number().int(),
  suggestions: SearchSuggestionsSchema.nullable(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

/** GET /api/admin/search-queries's query: the last `days` days. */
export const SearchReportQuerySchema = z.strictObject({
  days: z.coerce
    .number({ error: SEARCH_MESSAGES.days })
    .int(SEARCH_MESSAGES.days)
    .min(1, SEARCH_MESSAGES.days)
    .max(365, SEARCH_MESSAGES.days)
    .default(30),
});

const ReportedQuerySchema = z.object({ query: z.string(), searches: z.number().int() });

/**
 * The store's searches: the most searched queries, and those that find nothing (each checked
 * again when the report is read), most searched first.
 */
export const SearchReportSchema = z.object({
  days: z.number().int(),
  topQueries: z.array(ReportedQuerySchema),
  noResults: z.array(ReportedQuerySchema),
});
export type SearchReport = z.infer<typeof SearchReportSchema>;
