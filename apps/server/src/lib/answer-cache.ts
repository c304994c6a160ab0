import { LruCache } from "@storefront/domain";
import { type Database, databaseKey } from "../db/index.ts";
import { announceChange, registerCache } from "./cache-bus.ts";

/**
 * Answers reused for a short time, per database (so per server instance and per test app). The
 * pending promise is kept, so concurrent requests for the same key share one read; a failure is
 * not remembered. `clear` after a write: a read still in flight is dropped with the rest, and
 * every other instance on the same PostgreSQL database is told to forget its copy (cache-bus.ts).
 */
export class AnswerCache {
  readonly #caches = new WeakMap<object, LruCache<string, Promise<unknown>>>();

  constructor(
    /** Names the cache to the other instances. */
    private readonly name: string,
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {
    registerCache(name, (db) => this.#caches.get(databaseKey(db))?.clear());
  }

  get<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
    const entries = this.#entries(db);
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = read();
    pending.catch(() => {
      if (entries.get(key) === pending) entries.delete(key);
    });
    return entries.set(key, pending) as Promise<T>;
  }

  /**
   * `get` for many keys: those not held are read together, by one call of `read` with their
   * positions in `keys`, which answers a value for each of them in that order.
   */
  async getMany<T>(
    db: Database,
    keys: readonly string[],
    read: (missing: readonly number[]) => Promise<readonly T[]>,
  ): Promise<T[]> {
    const entries = this.#entries(db);
    const held = keys.map((key) => entries.get(key) as Promise<T> | undefined);
    const missing = held.flatMap((hit, i) => (hit ? [] : [i]));
    if (missing.length > 0) {
      const pending = read(missing);
      missing.forEach((i, j) => {
        held[i] = this.get(db, keys[i] as string, () => pending.then((values) => values[j] as T));
      });
    }
    return Promise.all(held as Promise<T>[]);
  }

  #entries(db: Database): LruCache<string, Promise<unknown>> {
    let entries = this.#caches.get(databaseKey(db));
    if (!entries) {
      entries = new LruCache<string, Promise<unknown>>(this.maxEntries, this.ttlMs);
      this.#caches.set(databaseKey(db), entries);
    }
    return entries;
  }

  clear(db: Database): void {
    this.#caches.get(databaseKey(db))?.clear();
    announceChange(db, this.name);
  }
}
