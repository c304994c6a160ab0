import {
  type Currency,
  isRecordableQuery,
  LruCache,
  type PriceList,
  queryWords,
  SEARCH_LIMITS,
  type SearchAlternative,
  type SearchReport,
  type SearchResults,
  type SearchType,
  searchGroups,
  synonymsOf,
} from "@storefront/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import { searchQueryResults, searchSynonyms, searchVersions } from "../../db/schema.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { forgetCatalogAnswers, reusedProductCards } from "../catalog/index.ts";
import {
  bestOf,
  type Entries,
  type EntryKind,
  entriesOf,
  heldBytes,
  type Postings,
  postingsOf,
  SizedCache,
} from "./postings.ts";

/**
 * The store's search version: one more each time its entries or synonyms change (triggers of
 * migration 0031 keep it). What was read from the index under one version holds until the next.
 * The version itself is reused as long as a search's answer is (SEARCH_TTL_MS, and forgotten with
 * them): a query never asked before then costs no statement for it.
 */
function searchVersion(db: Database, storeId: string): Promise<number> {
  return answers.get(db, `version|${storeId}`, async () => {
    const [row] = await db
      .select({ version: searchVersions.version })
      .from(searchVersions)
      .where(eq(searchVersions.storeId, storeId));
    return row?.version ?? 0;
  });
}

/** Reads of the index, each kept while its store's search version is the one it was read at. */
const indexReads = new AnswerCache("search-index", 2_000, 10 * 60_000);

function storeSynonyms(db: Database, storeId: string, version: number) {
  return indexReads.get(db, `synonyms|${storeId}|${version}`, async () =>
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
 * similarity, at least 0.3), for the words that have one. Each word's answer is kept for the
 * store's version: shoppers type the same words again and again.
 */
async function corrections(
  db: Database,
  storeId: string,
  version: number,
  words: readonly string[],
): Promise<Map<string, string>> {
  const candidates = [
    ...new Set(words.filter((w) => w.length >= CORRECTABLE_LENGTH && !/^\d+$/.test(w))),
  ];
  if (candidates.length === 0) return new Map();
  const nearest = await indexReads.getMany(
    db,
    candidates.map((word) => `nearest|${storeId}|${version}|${word}`),
    async (missing) => {
      const asked = missing.map((i) => candidates[i] as string);
      const rows = await selectRows<{ word: string; nearest: string }>(
        db,
        sql`
        select t.word, n.word as nearest
        from unnest(string_to_array(${asked.join(" ")}, ' ')) as t(word)
        cross join lateral (
          select w.word from search_words w
          where w.store_id = ${storeId} and w.word % t.word
          order by w.word <-> t.word, w.word
          limit 1
        ) n`,
      );
      const found = new Map(rows.map((r) => [r.word, r.nearest]));
      return asked.map((word) => found.get(word) ?? null);
    },
  );
  return new Map(candidates.flatMap((word, i) => (nearest[i] ? [[word, nearest[i]]] : [])));
}

interface Match {
  kind: EntryKind;
  ref: string;
  title: string;
  path: string;
  summary: string;
  total: number;
}

/** A group's alternatives as one tsquery, OR'd. */
function groupQuery(group: SearchAlternative[]): SQL {
  return sql.join(
    group.map((a) => sql`to_tsquery(${a.config}::regconfig, ${a.query})`),
    sql` || `,
  );
}

/**
 * What a search keeps of each store's index in memory (postings.ts): its entries per search
 * version, and each group's matches per reading of the entries, so that an entry changed is read
 * again under the next version. 32 MB in all, the least recently used first: a store of 50,000
 * products takes about 5 MB for its entries, and a word in all of them 600 kB. A store of more
 * than HELD_ENTRIES entries (a third of the budget) is searched in the database instead, so that
 * large stores do not keep pushing each other out.
 */
const held = new WeakMap<Database, SizedCache<Entries | Postings | "too many">>();
const HELD_BYTES = 32 * 1024 * 1024;
const HELD_ENTRIES = 100_000;
const heldEntries = new WeakMap<Database, number>();

/**
 * Keeps in memory only stores of at most `entries` entries (for a test of the database's path);
 * without it, HELD_ENTRIES again.
 */
export function searchInMemoryUpTo(db: Database, entries?: number): void {
  if (entries === undefined) heldEntries.delete(db);
  else heldEntries.set(db, entries);
}
function heldOf(db: Database): SizedCache<Entries | Postings | "too many"> {
  let cache = held.get(db);
  if (!cache) {
    cache = new SizedCache<Entries | Postings | "too many">(HELD_BYTES, heldBytes);
    held.set(db, cache);
  }
  return cache;
}

/**
 * The store's entries at the version, numbered (postings.ts): pages, then products, by title;
 * "too many" past HELD_ENTRIES (counted first, so a large store is not read to find out).
 */
function storeEntries(
  db: Database,
  storeId: string,
  version: number,
): Promise<Entries | "too many"> {
  const most = heldEntries.get(db) ?? HELD_ENTRIES;
  return heldOf(db).get(
    `entries|${storeId}|${version}|${most}`,
    async (): Promise<Entries | "too many"> => {
      const rows = await selectRows<{ kind: EntryKind | null; refs: string[] | null; n: number }>(
        db,
        sql`
      with counted as (
        select count(*)::int as n
        from (select 1 from search_entries where store_id = ${storeId} limit ${most + 1}) e
      )
      select null as kind, null::json as refs, n from counted
      union all
      select e.kind, json_agg(e.ref order by e.title, e.ref), null
      from search_entries e
      where e.store_id = ${storeId} and (select n from counted) <= ${most}
      group by e.kind`,
      );
      if ((rows[0]?.n ?? 0) > most) return "too many";
      const refs = (kind: EntryKind) => rows.find((r) => r.kind === kind)?.refs ?? [];
      return entriesOf(refs("page"), refs("product"));
    },
  );
}

/**
 * The entries one group matches, each with its rank for it: `ts_rank` against the group's
 * tsquery, times its distinct words, so that the sum over a query's groups orders entries as
 * `ts_rank` against all of them OR'd would (it divides by the query's distinct words).
 */
function groupPostings(
  db: Database,
  storeId: string,
  version: number,
  entries: Entries,
  group: SearchAlternative[],
): Promise<Postings> {
  const key = group.map((a) => `${a.config}:${a.query}`).join(",");
  // Keyed by the reading of the entries its numbers refer to, not only the version: entries read
  // again under the same version (pushed out meanwhile) may be numbered differently.
  return heldOf(db).get(`group|${storeId}|${version}|${entries.id}|${key}`, async () => {
    const rows = await selectRows<{ kind: EntryKind; pairs: [string, number][] }>(
      db,
      sql`
      with q as (select ${groupQuery(group)} as q),
      words as (
        select count(distinct m[1]) as n from q, regexp_matches(q.q::text, '''([^'']*)''', 'g') m
      )
      select e.kind, json_agg(json_build_array(e.ref, ts_rank(e.document, q.q) * words.n)) as pairs
      from search_entries e, q, words
      where e.store_id = ${storeId} and e.document @@ q.q
      group by e.kind`,
    );
    return postingsOf(entries, rows);
  });
}

type Described = Omit<Match, "total">;

/** The entries shown, each kept for its store's version: apart, so they never push out the rest. */
const described = new AnswerCache("search-entries", 5_000, 10 * 60_000);

/** The entries' titles, paths and summaries, each kept for the version (null: gone since). */
function describe(
  db: Database,
  storeId: string,
  version: number,
  wanted: readonly { kind: EntryKind; ref: string }[],
): Promise<(Described | null)[]> {
  return described.getMany(
    db,
    wanted.map((w) => `entry|${storeId}|${version}|${w.kind}|${w.ref}`),
    async (missing) => {
      const asked = missing.map((i) => wanted[i] as { kind: EntryKind; ref: string });
      const rows = await selectRows<Described>(
        db,
        sql`
        select e.kind, e.ref, e.title, e.path, e.summary
        from json_to_recordset(${JSON.stringify(asked)}::json) as w(kind text, ref text)
        join search_entries e on e.store_id = ${storeId} and e.kind = w.kind and e.ref = w.ref`,
      );
      const found = new Map(rows.map((r) => [`${r.kind}|${r.ref}`, r]));
      return asked.map((w) => found.get(`${w.kind}|${w.ref}`) ?? null);
    },
  );
}

/**
 * The best `limit` entries of each kind (of the type) that match every group ("all") or any,
 * and how many match per kind (counted up to SEARCH_LIMITS.ranked): from each group's matches,
 * read once per version and intersected here.
 */
async function matches(
  db: Database,
  storeId: string,
  version: number,
  groups: SearchAlternative[][],
  mode: "all" | "any",
  type: SearchType,
  limit: number,
): Promise<Match[]> {
  if (groups.length === 0) return [];
  const entries = await storeEntries(db, storeId, version);
  if (entries === "too many") {
    return indexReads.get(
      db,
      `matches|${storeId}|${version}|${JSON.stringify(groups)}|${mode}|${type}|${limit}`,
      () =>
        databaseMatches(db, storeId, tsquery(groups, mode), tsquery(groups, "any"), type, limit),
    );
  }
  const postings = await Promise.all(
    groups.map((group) => groupPostings(db, storeId, version, entries, group)),
  );
  const best = bestOf(entries, postings, mode, limit);
  const shown = (["page", "product"] as const)
    .filter((k) => type === "all" || type === k)
    .flatMap((kind) => best[kind])
    .map((r) => ({ kind: r.kind, ref: entries.refs[r.number] as string }));
  const totals = {
    page: Math.min(best.pageTotal, SEARCH_LIMITS.ranked),
    product: Math.min(best.productTotal, SEARCH_LIMITS.ranked),
  };
  const rows = await describe(db, storeId, version, shown);
  return rows.flatMap((row) => (row ? [{ ...row, total: totals[row.kind] }] : []));
}

/** The groups as one tsquery: each group's alternatives OR'd, the groups AND'd (or OR'd). */
function tsquery(groups: SearchAlternative[][], mode: "all" | "any"): SQL {
  return sql.join(
    groups.map((group) => sql`(${groupQuery(group)})`),
    mode === "all" ? sql` && ` : sql` || `,
  );
}

/**
 * `matches` for a store too large to keep in memory: the best `limit` entries of each kind the
 * query matches, ranked by the database among the first SEARCH_LIMITS.ranked, and how many of
 * those are of each kind. Ranked against `rank`, the groups OR'd, as the sum in memory ranks.
 */
async function databaseMatches(
  db: Database,
  storeId: string,
  query: SQL,
  rank: SQL,
  type: SearchType,
  limit: number,
): Promise<Match[]> {
  // Every entry the query matches, in a CTE of its own, which is read only as far as the LIMIT
  // after it asks. With the LIMIT on the scan itself, PostgreSQL expected a prefix's matches to
  // turn up early in the table and scanned all of it (50,000 entries, 30-45 ms) when they were
  // few, instead of using the index (5-7 ms).
  const rows = await selectRows<Omit<Match, "total"> & { total: string | number }>(
    db,
    sql`
    with q as (select ${query} as q),
    r as (select ${rank} as q),
    every as materialized (
      select e.kind, e.ref, e.title, e.path, e.summary, e.document, r.q
      from search_entries e, q, r
      where e.store_id = ${storeId} and e.document @@ q.q
        and (${type} = 'all' or e.kind = ${type})),
    matched as materialized (select * from every limit ${SEARCH_LIMITS.ranked})
    select kind, ref, title, path, summary, total from (
      select m.kind, m.ref, m.title, m.path, m.summary,
        count(*) over (partition by m.kind) as total,
        row_number() over (partition by m.kind order by ts_rank(m.document, m.q) desc, m.title) as n
      from matched m
    ) ranked
    where n <= ${limit}
    order by kind, n`,
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

// The same query is asked again and again (each shopper's prefixes, the popular searches):
// an answer is reused for SEARCH_TTL_MS per instance, as catalogue answers are (a product
// changed shows in its results that much later).
const SEARCH_TTL_MS = 5_000;
const answers = new AnswerCache("search", 2_000, SEARCH_TTL_MS);

/**
 * Drops the reused answers (on every instance): for a writer of the catalogue or the pages that
 * must see its change in the next search (the index itself follows at once, by its triggers).
 */
export function forgetSearchAnswers(db: Database): void {
  answers.clear(db);
  forgetCatalogAnswers(db);
}

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
 * matches are read once for the store's version and kept (see `held`): a query never asked
 * before, of words asked before, reads nothing from the index until the store's entries or
 * synonyms change.
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

// What a search that finds nothing suggests changes with the catalogue, seldom: kept 10 s.
const suggestionCache = new AnswerCache("search-suggestions", 1_000, 10_000);

/** How many products a search that found nothing suggests. */
const POPULAR_COUNT = 4;

/**
 * For a search that found nothing: each condition the store's products are for, as its first
 * collection narrowed to it, and the products shoppers reviewed most (then the first of the
 * catalogue's order, for a store with few reviews), of those sold in the currency. The database
 * picks them: a large catalogue is never read whole for four cards.
 */
async function suggestions(
  db: Database,
  storeId: string,
  currency: Currency,
  priceList: PriceList,
): Promise<NonNullable<SearchResults["suggestions"]>> {
  const [conditions, popular] = await Promise.all([
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
    selectRows<{ id: string; handle: string; title: string }>(
      db,
      sql`
        with rated as (
          select product_id, count(*) as n, round(sum(rating)::numeric / count(*), 2) as average
          from reviews
          where store_id = ${storeId} and not hidden
          group by product_id
        ),
        sold as (
          select p.id, p.handle, p.title, p.position from products p
          where p.store_id = ${storeId} and p.published and exists (
            select 1 from variants v
            join variant_prices vp on vp.variant_id = v.id and vp.currency = ${currency}
            where v.store_id = ${storeId} and v.product_id = p.id)
        )
        select id, handle, title from (
          (select 0 as part, s.id, s.handle, s.title, r.n, r.average, s.position
            from sold s join rated r on r.product_id = s.id
            order by r.n desc, r.average desc, s.position, s.title
            limit ${POPULAR_COUNT})
          union all
          (select 1, s.id, s.handle, s.title, 0, 0, s.position
            from sold s
            where not exists (select 1 from rated r where r.product_id = s.id)
            order by s.position, s.title
            limit ${POPULAR_COUNT})
        ) picked
        order by part, n desc, average desc, position, title
        limit ${POPULAR_COUNT}`,
    ).then((rows) => reusedProductCards(db, storeId, rows, currency, priceList)),
  ]);
  return { conditions: conditions.sort((a, b) => a.label.localeCompare(b.label)), popular };
}

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
const written = new WeakMap<Database, LruCache<string, boolean>>();

/**
 * Keeps the queries that find nothing (and forgets one that finds something again), for the
 * admin's list; a query that finds something is not written. Not awaited: the shopper's answer
 * never waits for it, and a failure only loses the mark.
 */
function noteResults(db: Database, storeId: string, q: string, results: number): void {
  const query = reportedQuery(q);
  if (query === "" || !isRecordableQuery(q)) return;
  let seen = written.get(db);
  if (!seen) {
    seen = new LruCache<string, boolean>(5_000, 60 * 60_000);
    written.set(db, seen);
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
