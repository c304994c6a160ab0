// What a search keeps of the index in memory, and how it combines it: each word's matches (its
// postings), read once per store and search version, and intersected (or joined) per query. A
// query never asked before is made of words asked before: on a large catalogue, reading the index
// for the whole query again cost 5-20 ms of PostgreSQL's time, intersecting the words' matches
// here costs well under one.

/** A store's entries at one search version, numbered in the order that breaks a tie of rank. */
export interface Entries {
  /** Which reading of the entries this is: a group's numbers hold for this one only. */
  readonly id: number;
  /** Each entry's ref, by number: the pages first, then the products, each by title, then ref. */
  readonly refs: readonly string[];
  /** How many of them are pages: numbers below it are pages, the others products. */
  readonly pages: number;
  /** The numbers of each kind ordered by ref (the pages', then the products'), to find a ref. */
  readonly byRef: Int32Array;
}

export type EntryKind = "page" | "product";

let readings = 0;

/** The entries from their refs, each kind's in its order (see Entries). */
export function entriesOf(pageRefs: readonly string[], productRefs: readonly string[]): Entries {
  const refs = [...pageRefs, ...productRefs];
  const pages = pageRefs.length;
  const byRef = Int32Array.from(refs.keys());
  const byText = (a: number, b: number) => {
    const [x, y] = [refs[a] as string, refs[b] as string];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  byRef.subarray(0, pages).sort(byText);
  byRef.subarray(pages).sort(byText);
  readings += 1;
  return { id: readings, refs, pages, byRef };
}

/** The number of an entry of the kind, or undefined when these entries do not hold it. */
function numberOf(entries: Entries, kind: EntryKind, ref: string): number | undefined {
  const { refs, byRef } = entries;
  let low = kind === "page" ? 0 : entries.pages;
  let high = kind === "page" ? entries.pages : refs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const n = byRef[mid] as number;
    const at = refs[n] as string;
    if (at === ref) return n;
    if (at < ref) low = mid + 1;
    else high = mid;
  }
  return undefined;
}

/** The entries one group of a query matches (one word, with its alternatives), and how well. */
export interface Postings {
  /** Entry numbers, ascending. */
  readonly numbers: Int32Array;
  /** Each one's rank for the group, in the same order. */
  readonly ranks: Float64Array;
}

/**
 * The postings of a group from the database's matches: each entry's kind, ref and rank. Refs
 * the entries do not hold (an entry written since they were read) are left out.
 */
export function postingsOf(
  entries: Entries,
  matched: readonly { kind: EntryKind; pairs: readonly (readonly [string, number])[] }[],
): Postings {
  const found: number[] = [];
  const rankOf = new Float64Array(entries.refs.length);
  for (const { kind, pairs } of matched) {
    for (const [ref, rank] of pairs) {
      const n = numberOf(entries, kind, ref);
      if (n === undefined) continue;
      found.push(n);
      rankOf[n] = rank;
    }
  }
  const numbers = Int32Array.from(found).sort();
  return { numbers, ranks: Float64Array.from(numbers, (n) => rankOf[n] as number) };
}

/**
 * The bytes what a search holds takes, about, for the memory's budget: an entry is its ref (a
 * UUID's string) and its two numbers; postings are their two arrays.
 */
export function heldBytes(value: Entries | Postings | "too many"): number {
  if (value === "too many") return 0;
  if ("refs" in value) return value.refs.length * 100 + 1_000;
  return value.numbers.byteLength + value.ranks.byteLength;
}

/** One entry found: its number, its kind and its rank (the sum of its groups' ranks). */
export interface Ranked {
  number: number;
  kind: EntryKind;
  rank: number;
}

/** The best entries of each kind a search found, best first, and how many of each it found. */
export interface Best {
  page: Ranked[];
  product: Ranked[];
  pageTotal: number;
  productTotal: number;
}

/**
 * The entries in every group ("all") or in any ("any"), ranked by the sum of their groups' ranks,
 * and the best `limit` of each kind: a higher rank first, then the lower number (the title's
 * order). Totals count every match. The groups' numbers are merged in order, nothing as large as
 * the store's entries is made: on a large catalogue that memory, made for every search, cost more
 * than the search.
 */
export function bestOf(
  entries: Entries,
  groups: readonly Postings[],
  mode: "all" | "any",
  limit: number,
): Best {
  const best: Best = { page: [], product: [], pageTotal: 0, productTotal: 0 };
  if (groups.length === 0 || limit < 1) return best;
  const keep = (n: number, rank: number) => {
    const kind: EntryKind = n < entries.pages ? "page" : "product";
    const list = best[kind];
    if (kind === "page") best.pageTotal += 1;
    else best.productTotal += 1;
    // Numbers come in ascending order: among equal ranks, the one already kept stays first.
    if (list.length === limit && rank <= (list[limit - 1] as Ranked).rank) return;
    let at = list.length;
    while (at > 0 && (list[at - 1] as Ranked).rank < rank) at -= 1;
    list.splice(at, 0, { number: n, kind, rank });
    if (list.length > limit) list.pop();
  };
  if (mode === "all") everyGroup(groups, keep);
  else anyGroup(groups, keep);
  return best;
}

/** Each number in every group, in ascending order, with the sum of its ranks. */
function everyGroup(groups: readonly Postings[], found: (n: number, rank: number) => void): void {
  const [first, ...others] = [...groups].sort((a, b) => a.numbers.length - b.numbers.length);
  if (!first) return;
  const at = others.map(() => 0);
  outer: for (let i = 0; i < first.numbers.length; i += 1) {
    const n = first.numbers[i] as number;
    let rank = first.ranks[i] as number;
    for (let g = 0; g < others.length; g += 1) {
      const { numbers, ranks } = others[g] as Postings;
      const j = seek(numbers, n, at[g] as number);
      at[g] = j;
      if (j === numbers.length) return;
      if (numbers[j] !== n) continue outer;
      rank += ranks[j] as number;
    }
    found(n, rank);
  }
}

/** The first position from `from` whose number is at least `n` (galloping, then halving). */
function seek(numbers: Int32Array, n: number, from: number): number {
  let low = from;
  let step = 1;
  let high = from;
  while (high < numbers.length && (numbers[high] as number) < n) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, numbers.length);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((numbers[mid] as number) < n) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Each number in any group, in ascending order, with the sum of its ranks. */
function anyGroup(groups: readonly Postings[], found: (n: number, rank: number) => void): void {
  const at = new Int32Array(groups.length);
  const none = 0x7fffffff;
  for (;;) {
    let n = none;
    for (let i = 0; i < groups.length; i += 1) {
      const next = (groups[i] as Postings).numbers[at[i] as number];
      if (next !== undefined && next < n) n = next;
    }
    if (n === none) return;
    let rank = 0;
    for (let i = 0; i < groups.length; i += 1) {
      const { numbers, ranks } = groups[i] as Postings;
      const j = at[i] as number;
      if (numbers[j] === n) {
        rank += ranks[j] as number;
        at[i] = j + 1;
      }
    }
    found(n, rank);
  }
}

/** What one value costs the cache beside its own size and its key's: the map's node, the promise. */
const ENTRY_OVERHEAD = 600;

/**
 * A cache of values that know their size, per key, within a budget of bytes: the least recently
 * used go first. The pending read is kept, so concurrent requests for a key share it; a failure
 * is not kept.
 */
export class SizedCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; bytes: number; settled: boolean }>();
  #bytes = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept for the key, else `read`'s. The caller's key decides which kind of V it is. */
  get<T extends V>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const pending = read();
    const entry: { value: Promise<V>; bytes: number; settled: boolean } = {
      value: pending,
      bytes: 0,
      settled: false,
    };
    this.#entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.#entries.get(key) !== entry) return;
        // The key, the map's node and the promise count too: a cache of many small values
        // would otherwise hold several times its budget.
        entry.bytes = this.sizeOf(value) + key.length * 2 + ENTRY_OVERHEAD;
        entry.settled = true;
        this.#bytes += entry.bytes;
        this.#trim();
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return pending;
  }

  /** The bytes the values held now take, as their sizeOf says. */
  get bytes(): number {
    return this.#bytes;
  }

  #trim(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.budget) return;
      // A read still pending holds nothing yet; dropping it would only start it again.
      if (!entry.settled) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
