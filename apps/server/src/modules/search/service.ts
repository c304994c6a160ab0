import {
  type Currency,
  isRecordableQuery,
  LruCache,
  queryWords,
  SEARCH_LIMITS,
  type SearchReport,
  type SearchResults,
  type SearchType,
  searchExpression,
  synonymsOf,
} from "@storefront/domain";
import { eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import { searchQueryResults, searchSynonyms } from "../../db/schema.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { listProducts, productCards } from "../catalog/service.ts";

// A store's synonyms change rarely (they are data an admin edits): read once a minute.
const synonymCache = new AnswerCache("search-synonyms", 1_000, 60_000);

function storeSynonyms(db: Database, storeId: string) {
  return synonymCache.get(db, storeId, async () =>
    synonymsOf(
      await db
        .select({ term: searchSynonyms.term, expandsTo: searchSynonyms.expandsTo })
        .from(searchSynonyms)
        .where(eq(searchSynonyms.storeId, storeId)),
    ),
  );
}

/** Words shorter than this are never corrected: the shopper is still typing them. */
const CORRECTABLE_LENGTH = 4;

/**
 * The nearest word of the store's vocabulary to each word the index does not know (pg_trgm
 * similarity, at least 0.3), for the words that have one.
 */
async function corrections(
  db: Database,
  storeId: string,
  words: readonly string[],
): Promise<Map<string, string>> {
  const candidates = words.filter((w) => w.length >= CORRECTABLE_LENGTH && !/^\d+$/.test(w));
  if (candidates.length === 0) return new Map();
  const rows = await selectRows<{ word: string; nearest: string }>(
    db,
    sql`
    select t.word, n.word as nearest
    from unnest(string_to_array(${candidates.join(" ")}, ' ')) as t(word)
    cross join lateral (
      select w.word from search_words w
      where w.store_id = ${storeId} and w.word % t.word
      order by w.word <-> t.word, w.word
      limit 1
    ) n`,
  );
  return new Map(rows.map((r) => [r.word, r.nearest]));
}

interface Match {
  kind: "product" | "page";
  ref: string;
  title: string;
  path: string;
  summary: string;
  total: number;
}

/** The best `limit` entries of each kind the expression matches, and how many match per kind. */
async function matches(
  db: Database,
  storeId: string,
  expression: string,
  type: SearchType,
  limit: number,
): Promise<Match[]> {
  const rows = await selectRows<Omit<Match, "total"> & { total: string | number }>(
    db,
    sql`
    select kind, ref, title, path, summary, total from (
      select e.kind, e.ref, e.title, e.path, e.summary,
        count(*) over (partition by e.kind) as total,
        row_number() over (partition by e.kind order by ts_rank(e.document, q) desc, e.title) as n
      from search_entries e, to_tsquery('english', ${expression}) q
      where e.store_id = ${storeId} and e.document @@ q
        and (${type} = 'all' or e.kind = ${type})
    ) ranked
    where n <= ${limit}
    order by kind, n`,
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/**
 * The store's products and pages for a query, best first: every word must match (as typed, as a
 * prefix, through a synonym, or spelt as the nearest word the store uses); when nothing does,
 * any word may. Unpublished products and other stores' entries are never in the index's answer.
 */
export async function search(
  db: Database,
  storeId: string,
  input: { q: string; limit: number; type: SearchType; currency: Currency },
): Promise<SearchResults> {
  const words = queryWords(input.q);
  let found: Match[] = [];
  if (words.length > 0) {
    const synonyms = await storeSynonyms(db, storeId);
    const run = (fixes: Map<string, string>, mode: "all" | "any") =>
      matches(db, storeId, searchExpression(words, synonyms, fixes, mode), input.type, input.limit);
    found = await run(new Map(), "all");
    if (found.length === 0) {
      const fixes = await corrections(db, storeId, words);
      if (fixes.size > 0) found = await run(fixes, "all");
      if (found.length === 0 && words.length > 1) found = await run(fixes, "any");
    }
  }
  const productRows = found.filter((m) => m.kind === "product");
  const pages = found.filter((m) => m.kind === "page");
  const cards = await productCards(
    db,
    storeId,
    productRows.map((m) => ({
      id: m.ref,
      handle: m.path.slice("/products/".length),
      title: m.title,
    })),
    input.currency,
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
    results.suggestions = await suggestions(db, storeId, input.currency);
  }
  noteResults(db, storeId, input.q, results.productTotal + results.pageTotal);
  return results;
}

/** How many products a search that found nothing suggests. */
const POPULAR_COUNT = 4;

/**
 * For a search that found nothing: each condition the store's products are for, as its first
 * collection narrowed to it, and the products shoppers reviewed most.
 */
async function suggestions(
  db: Database,
  storeId: string,
  currency: Currency,
): Promise<NonNullable<SearchResults["suggestions"]>> {
  const [conditions, cards] = await Promise.all([
    selectRows<{ label: string; url: string }>(
      db,
      sql`
        select distinct on (t->>'value') t->>'label' as label,
          '/collections/' || c.handle || '?condition=' || (t->>'value') as url
        from collections c
        join collection_products cp on cp.collection_id = c.id
        join products p on p.id = cp.product_id and p.published
        cross join jsonb_array_elements(p.tags) t
        where c.store_id = ${storeId} and t->>'facet' = 'condition'
        order by t->>'value', c.handle`,
    ),
    listProducts(db, storeId, currency),
  ]);
  const popular = [...cards]
    .sort((a, b) => b.review_count - a.review_count || b.review_average - a.review_average)
    .slice(0, POPULAR_COUNT);
  return { conditions: conditions.sort((a, b) => a.label.localeCompare(b.label)), popular };
}

/** What each recent query last found, as written: only a change is written again. */
const written = new WeakMap<Database, LruCache<string, number>>();

/**
 * Keeps how many results a query found, for the admin's list of queries with no results. Not
 * awaited: the shopper's answer never waits for it, and a failure only loses the figure.
 */
function noteResults(db: Database, storeId: string, q: string, results: number): void {
  const query = queryWords(q).join(" ").slice(0, SEARCH_LIMITS.query);
  if (query === "" || !isRecordableQuery(q)) return;
  let seen = written.get(db);
  if (!seen) {
    seen = new LruCache<string, number>(5_000, 60 * 60_000);
    written.set(db, seen);
  }
  const key = `${storeId} ${query}`;
  if (seen.get(key) === results) return;
  seen.set(key, results);
  void db
    .insert(searchQueryResults)
    .values({ storeId, query, results })
    .onConflictDoUpdate({
      target: [searchQueryResults.storeId, searchQueryResults.query],
      set: { results, searchedAt: sql`now()` },
    })
    .catch(() => seen.delete(key));
}

/**
 * The store's searches of the last `days` days, from its visits' analytics: the most searched
 * queries, and the queries that found nothing when last searched.
 */
export async function searchReport(
  db: Database,
  storeId: string,
  days: number,
  now: Date,
): Promise<SearchReport> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await selectRows<{
    query: string;
    searches: string | number;
    results: number | null;
  }>(
    db,
    sql`
    select s.query, s.searches, r.results
    from (
      select trim(regexp_replace(lower(data->>'query'), '[^a-z0-9]+', ' ', 'g')) as query,
        count(*) as searches
      from analytics_events
      where store_id = ${storeId} and kind = 'search' and at >= ${since.toISOString()}
      group by 1
    ) s
    left join search_query_results r
      on r.store_id = ${storeId}
      and r.query = s.query
    where s.query <> ''
    order by s.searches desc, s.query
    limit 500`,
  );
  const all = rows.map((r) => ({
    query: r.query,
    searches: Number(r.searches),
    results: r.results === null ? null : Number(r.results),
  }));
  return {
    days,
    topQueries: all.slice(0, 50),
    noResults: all.filter((q) => q.results === 0).slice(0, 50),
  };
}
