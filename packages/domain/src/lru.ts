/**
 * A small least-recently-used cache with an optional time to live, for answers that are costly to
 * compute and safe to reuse (sanitised HTML, store information).
 * @example const cache = new LruCache<string, string>(500); cache.get("k") ?? cache.set("k", "v")
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order stays least-recently-used first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): V {
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: this.now() });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** How many entries are kept now: never more than `maxEntries`. */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
