// The admin's search report: the queries that found nothing, kept as shoppers search, and the
// most searched queries of a period, from the visits' analytics.
import {
  isRecordableQuery,
  LruCache,
  queryWords,
  SEARCH_LIMITS,
  type SearchReport,
  searchGroups,
} from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import { type Database, databaseKey, selectRows } from "../../db/index.ts";
import { matches } from "./matches.ts";
import { searchVersion } from "./reuse.ts";
import { searchQueryResults } from "./schema.ts";
import { corrections, storeSynonyms } from "./vocabulary.ts";

/**
 * The query as the report counts it: lower case, runs of anything but a-z and 0-9 one space.
 * searchReport's SQL groups the visits' searches by the same rule, so the two must change together.
 */
function reportedQuery(q: string): string {
  return q
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .slice(0, SEARCH_LIMITS.query);
}

/** Whether each recent query found nothing when last searched, as written. */
const written = new WeakMap<object, LruCache<string, boolean>>();

/**
 * Keeps the queries that find nothing (and forgets one that finds something again), for the
 * admin's list; a query that finds something is not written. Not awaited: the shopper's answer
 * never waits for it, and a failure only loses the mark.
 */
export function noteResults(db: Database, storeId: string, q: string, results: number): void {
  const query = reportedQuery(q);
  if (query === "" || !isRecordableQuery(q)) return;
  let seen = written.get(databaseKey(db));
  if (!seen) {
    seen = new LruCache<string, boolean>(5_000, 60 * 60_000);
    written.set(databaseKey(db), seen);
  }
  const key = `${storeId} ${query}`;
  const none = results === 0;
  const before = seen.get(key);
  if (before === none || (!none && before === undefined)) return;
  seen.set(key, none);
  const done = none
    ? db
        .insert(searchQueryResults)
        .values({ storeId, query, results })
        .onConflictDoUpdate({
          target: [searchQueryResults.storeId, searchQueryResults.query],
          set: { results, searchedAt: sql`now()` },
        })
    : db
        .delete(searchQueryResults)
        .where(and(eq(searchQueryResults.storeId, storeId), eq(searchQueryResults.query, query)));
  void done.then(
    () => undefined,
    () => seen.delete(key),
  );
}

/** How many queries each list of the report shows. */
const REPORTED = 50;

/**
 * The store's searches of the last `days` days, from its visits' analytics (only what looks like
 * a query: nothing with an email address or a long number): the most searched queries, and the
 * most searched of those that found nothing, each checked again now (a product added since may
 * have answered it).
 */
export async function searchReport(
  db: Database,
  storeId: string,
  days: number,
  now: Date,
): Promise<SearchReport> {
  const since = new Date(now.getTime() - days * 86_400_000);
  return { days, ...(await searchReportBetween(db, storeId, since, null, REPORTED)) };
}

/** The search report of searchReport for searches from `since` until before `until` (or now). */
export async function searchReportBetween(
  db: Database,
  storeId: string,
  since: Date,
  until: Date | null,
  limit: number,
): Promise<Omit<SearchReport, "days">> {
  const before = until ? sql` and at < ${until.toISOString()}` : sql``;
  // From the index of the range's searches alone: each distinct query as typed is counted, then
  // filtered and normalised once (materialized: not pushed down to each search of it); the two
  // lists come from one count.
  type Row = { list: "top" | "none"; query: string; searches: string | number };
  const rows = await selectRows<Row>(
    db,
    sql`with typed as materialized (
        select search_query as typed, count(*) as searches
        from analytics_events
        where store_id = ${storeId} and kind = 'search' and at >= ${since.toISOString()}${before}
        group by 1),
      counted as (
        select trim(regexp_replace(lower(typed), '[^a-z0-9]+', ' ', 'g')) as query,
          sum(searches) as searches
        from typed
        where strpos(normalize(typed, NFKC), '@') = 0
          and regexp_replace(normalize(typed, NFKC), '[\s().\-/+]', '', 'g') !~ '[0-9]{6}'
        group by 1)
      (select 'top' as list, query, searches from counted where query <> ''
        order by searches desc, query limit ${limit})
      union all
      (select 'none' as list, c.query, c.searches from counted c
        join search_query_results r on r.store_id = ${storeId} and r.query = c.query
        where r.results = 0
        order by c.searches desc, c.query limit ${limit})
      order by list, searches desc, query`,
  );
  const top = rows.filter((r) => r.list === "top");
  const none = rows.filter((r) => r.list === "none");
  const reported = (r: Row) => ({ query: r.query, searches: Number(r.searches) });
  const stillNone: { query: string; searches: number }[] = [];
  const version = await searchVersion(db, storeId);
  const synonyms = await storeSynonyms(db, storeId, version);
  for (const row of none) {
    const words = queryWords(row.query);
    const fixes = await corrections(db, storeId, version, words);
    const groups = searchGroups(words, synonyms, fixes);
    const found = await matches(db, storeId, version, groups, "any", "all", 1);
    if (found.length === 0) stillNone.push(reported(row));
  }
  return { topQueries: top.map(reported), noResults: stillNone };
}
