import { LruCache } from "@storefront/domain";
import type { Database } from "../db/index.ts";
import { announceChange, registerCache } from "./cache-bus.ts";

/**
 * Answers reused for a short time, per database (so per server instance and per test app). The
 * pending promise is kept, so concurrent requests for the same key share one read; a failure is
 * not remembered. `clear` after a write: a read still in flight is dropped with the rest, and
 * every other instance on the same PostgreSQL database is told to forget its copy (cache-bus.ts).
 */
export class AnswerCache {
  readonly #caches = new WeakMap<Database, LruCache<string, Promise<unknown>>>();

  constructor(
    /** Names the cache to the other instances. */
    private readonly name: string,
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {
    registerCache(name, (db) => this.#caches.get(db)?.clear());
  }

  get<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
    let cache = this.#caches.get(db);
    if (!cache) {
      cache = new LruCache<string, Promise<unknown>>(this.maxEntries, this.ttlMs);
      this.#caches.set(db, cache);
    }
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = read();
    const entries = cache;
    pending.catch(() => {
      if (entries.get(key) === pending) entries.delete(key);
    });
    return entries.set(key, pending) as Promise<T>;
  }

  clear(db: Database): void {
    this.#caches.get(db)?.clear();
    announceChange(db, this.name);
  }
}
