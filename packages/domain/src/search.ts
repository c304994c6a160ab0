// The store's search (issue 16): what a shopper's query means before the database sees it. The
// database does the matching and the ranking (apps/server/src/modules/search); this turns the
// query into words, phrases and their alternatives.

export const SEARCH_LIMITS = {
  /** The longest query, in characters. */
  query: 100,
  /** Results per kind a page of results shows, and the most a call may ask for. */
  results: 24,
  maxResults: 50,
  /** Results per kind the instant results show. */
  instant: 6,
  /** Words of a query that count (a longer query is cut). */
  words: 8,
  /**
   * The most matches a search counts (past it, "1,000+ results"). A store too large to keep its
   * search in memory also ranks only this many: a word in most of its catalogue (a prefix of two
   * letters while the shopper types) is ranked among its first this many matches.
   */
  ranked: 1_000,
} as const;

export const SEARCH_MESSAGES = {
  empty: "Enter something to search for.",
  tooLong: `Searches are limited to ${SEARCH_LIMITS.query} characters.`,
  limit: `Must be a whole number from 1 to ${SEARCH_LIMITS.maxResults}.`,
  type: "Must be one of: all, product, page.",
  days: "Must be a whole number from 1 to 365.",
} as const;

export const SEARCH_TYPES = ["all", "product", "page"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * A query as words: lower case, accents and punctuation gone, at most SEARCH_LIMITS.words words.
 * @example queryWords("  Itchy  DOG's!") // ["itchy", "dogs"]
 */
export function queryWords(query: string): string[] {
  return (
    query
      // "can't" is "cant", as the index has it.
      .replace(/['’]/g, "")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== "")
      .slice(0, SEARCH_LIMITS.words)
  );
}

/** A store's synonyms: a shopper's term (one or more words) → what it also finds. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/** The synonyms from their rows, the terms as words (`queryWords`) joined by one space. */
export function synonymsOf(rows: readonly { term: string; expandsTo: string }[]): Synonyms {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const term = queryWords(row.term).join(" ");
    const to = queryWords(row.expandsTo).join(" ");
    if (term === "" || to === "") continue;
    const list = map.get(term) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(term, list);
  }
  return map;
}

/** A phrase as a text-search expression: its words in a row, the last one as a prefix. */
function phrase(words: string, prefix: boolean): string {
  const parts = words.split(" ");
  return parts.map((w, i) => (prefix && i === parts.length - 1 ? `${w}:*` : w)).join(" <-> ");
}

/** Each synonyms map's longest term in words, counted once per map (a search asks it again and again). */
const longestTerms = new WeakMap<Synonyms, number>();
function longestTerm(synonyms: Synonyms): number {
  let longest = longestTerms.get(synonyms);
  if (longest === undefined) {
    longest = 1;
    for (const term of synonyms.keys()) longest = Math.max(longest, term.split(" ").length);
    longestTerms.set(synonyms, longest);
  }
  return longest;
}

/** One way a shopper's word or phrase may match: `to_tsquery(config, query)`. */
export interface SearchAlternative {
  /** "simple" keeps the word as typed (a prefix like "do" is not a stop word there). */
  config: "simple" | "english";
  query: string;
}

/**
 * The query as groups of alternatives, for PostgreSQL's `to_tsquery`: each word or synonym phrase
 * of the shopper one group (itself as a prefix, since the shopper may still be typing, both as
 * typed and stemmed; its spelling correction; what its synonyms find). The caller joins the
 * alternatives of a group with OR and the groups with AND (or OR). Words are [a-z0-9] only, so
 * every query is valid. None: nothing to search for.
 * @example searchGroups(["hot", "spots"], new Map([["hot spots", ["allergies"]]]), new Map())
 *   // [[{simple, "hot <-> spots:*"}, {english, "hot <-> spots:*"}, {english, "allergies"}]]
 */
export function searchGroups(
  words: readonly string[],
  synonyms: Synonyms,
  corrections: ReadonlyMap<string, string>,
): SearchAlternative[][] {
  const longest = longestTerm(synonyms);
  const groups: SearchAlternative[][] = [];
  for (let i = 0; i < words.length; ) {
    // The longest synonym phrase that starts here, else the word alone.
    let size = Math.min(longest, words.length - i);
    while (size > 1 && !synonyms.has(words.slice(i, i + size).join(" "))) size -= 1;
    const term = words.slice(i, i + size).join(" ");
    const typed = phrase(term, true);
    const also = new Set<string>();
    const corrected = size === 1 ? corrections.get(term) : undefined;
    if (corrected && corrected !== term) also.add(phrase(corrected, false));
    for (const spelling of corrected ? [term, corrected] : [term]) {
      for (const meaning of synonyms.get(spelling) ?? []) also.add(phrase(meaning, false));
    }
    also.delete(typed);
    groups.push([
      { config: "simple", query: typed },
      { config: "english", query: typed },
      ...[...also].map((query) => ({ config: "english" as const, query })),
    ]);
    i += size;
  }
  return groups;
}

/**
 * Whether a query may be kept in the store's list of searches: not one that looks like an email
 * address or a long number (a phone, an order, a card), which a shopper may type by mistake.
 */
export function isRecordableQuery(query: string): boolean {
  const text = query.normalize("NFKC");
  return !text.includes("@") && !/\d{6,}/.test(text.replace(/[\s().\-/+]/g, ""));
}
