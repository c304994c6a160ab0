// A shopper's search: the store's products (as cards) and pages for a query, best first, every
// word matching as typed, as a prefix, through a synonym or spelt as the store spells it.
import {
  type Currency,
  type PriceList,
  queryWords,
  type SearchResults,
  type SearchType,
  searchGroups,
} from "@storefront/domain";
import type { Database } from "../../db/index.ts";
import { reusedProductCards } from "../catalog/index.ts";
import { type Match, matches } from "./matches.ts";
import { noteResults } from "./report.ts";
import { answers, searchVersion } from "./reuse.ts";
import { suggestionCache, suggestions } from "./suggestions.ts";
import { corrections, storeSynonyms } from "./vocabulary.ts";

/** What a search asks for; cards are priced at the price list's prices (retail by default). */
export interface SearchInput {
  q: string;
  limit: number;
  type: SearchType;
  currency: Currency;
  priceList?: PriceList;
}

/** `find`, with each answer reused for a few seconds (see SEARCH_TTL_MS). */
export async function search(
  db: Database,
  storeId: string,
  input: SearchInput,
): Promise<SearchResults> {
  const key = [
    storeId,
    queryWords(input.q).join(" "),
    input.type,
    input.limit,
    input.currency,
    input.priceList ?? "retail",
  ];
  const found = await answers.get(db, key.join("|"), () => find(db, storeId, input));
  noteResults(db, storeId, input.q, found.productTotal + found.pageTotal);
  return { ...found, query: input.q };
}

/**
 * The store's entries for the words, best first: every word must match (as typed, as a prefix,
 * through a synonym, or spelt as the nearest word the store uses); when nothing does, any word
 * may. Unpublished products and other stores' entries are never in the index. Each word's
 * matches are read once for the store's version and kept (see `held` in matches.ts): a query
 * never asked before, of words asked before, reads nothing from the index until the store's
 * entries or synonyms change.
 */
async function findMatches(
  db: Database,
  storeId: string,
  words: readonly string[],
  type: SearchType,
  limit: number,
): Promise<Match[]> {
  if (words.length === 0) return [];
  const version = await searchVersion(db, storeId);
  const synonyms = await storeSynonyms(db, storeId, version);
  const found = await matches(
    db,
    storeId,
    version,
    searchGroups(words, synonyms, new Map()),
    "all",
    type,
    limit,
  );
  if (found.length > 0) return found;
  // Every word again, each unknown one spelt as the store's nearest word; then any word.
  const fixes = await corrections(db, storeId, version, words);
  const fixed = searchGroups(words, synonyms, fixes);
  if (fixes.size > 0) {
    const all = await matches(db, storeId, version, fixed, "all", type, limit);
    if (all.length > 0) return all;
  }
  return words.length > 1 ? matches(db, storeId, version, fixed, "any", type, limit) : [];
}

/**
 * The store's products (as cards, in the currency) and pages for a query, best first; not kept
 * for the admin's report (the chatbot asks this with what shoppers wrote to it).
 */
export async function find(
  db: Database,
  storeId: string,
  input: SearchInput,
): Promise<SearchResults> {
  const priceList = input.priceList ?? "retail";
  const found = await findMatches(db, storeId, queryWords(input.q), input.type, input.limit);
  const productRows = found.filter((m) => m.kind === "product");
  const pages = found.filter((m) => m.kind === "page");
  const cards = await reusedProductCards(
    db,
    storeId,
    productRows.map((m) => ({
      id: m.ref,
      handle: m.path.slice("/products/".length),
      title: m.title,
    })),
    input.currency,
    priceList,
  );
  const results: SearchResults = {
    query: input.q,
    products: cards,
    // A product without a price in the currency is not shown, nor counted.
    productTotal: (productRows[0]?.total ?? 0) - (productRows.length - cards.length),
    pages: pages.map((p) => ({ title: p.title, url: p.path, summary: p.summary })),
    pageTotal: pages[0]?.total ?? 0,
    suggestions: null,
  };
  if (results.productTotal + results.pageTotal === 0) {
    results.suggestions = await suggestionCache.get(
      db,
      `${storeId} ${input.currency} ${priceList}`,
      () => suggestions(db, storeId, input.currency, priceList),
    );
  }
  return results;
}
