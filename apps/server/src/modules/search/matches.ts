// Which entries of a store's index a query's groups of words match, best first: intersected in
// memory from each group's matches (postings.ts), or for a store too large to keep, ranked by
// the database.
import { SEARCH_LIMITS, type SearchAlternative, type SearchType } from "@storefront/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Database, databaseKey, selectRows } from "../../db/index.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
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
import { indexReads } from "./reuse.ts";

export interface Match {
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
const held = new WeakMap<object, SizedCache<Entries | Postings | "too many">>();
const HELD_BYTES = 32 * 1024 * 1024;
const HELD_ENTRIES = 100_000;
const heldEntries = new WeakMap<object, number>();

/**
 * Keeps in memory only stores of at most `entries` entries (for a test of the database's path);
 * without it, HELD_ENTRIES again.
 */
export function searchInMemoryUpTo(db: Database, entries?: number): void {
  if (entries === undefined) heldEntries.delete(databaseKey(db));
  else heldEntries.set(databaseKey(db), entries);
}
function heldOf(db: Database): SizedCache<Entries | Postings | "too many"> {
  let cache = held.get(databaseKey(db));
  if (!cache) {
    cache = new SizedCache<Entries | Postings | "too many">(HELD_BYTES, heldBytes);
    held.set(databaseKey(db), cache);
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
  const most = heldEntries.get(databaseKey(db)) ?? HELD_ENTRIES;
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
export async function matches(
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
