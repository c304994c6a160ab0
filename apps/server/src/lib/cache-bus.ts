import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, databaseKey } from "../db/index.ts";
import type { Logger } from "./logger.ts";

/**
 * The PostgreSQL channel on which instances tell each other which answers changed. The database
 * itself sends on it too (migration 0018: a trigger per table a page shows).
 */
const CACHE_CHANNEL = "storefront_cache";

/** `detail`: what changed within the cache (for pages: '<store id> <tag>'); none means all. */
type Forget = (db: Database, detail: string | null) => void;

/** Every named cache of this process: what to forget when another instance says it changed. */
const caches = new Map<string, Forget>();
/** How each database's instances hear of a change. */
const announcers = new WeakMap<object, (name: string) => void>();

/** Registers a cache under a name, so a change announced under that name empties it. */
export function registerCache(name: string, forget: Forget): void {
  if (caches.has(name)) throw new Error(`two caches are named ${name}`);
  caches.set(name, forget);
}

/** Tells the other instances on this database that the answers of cache `name` changed. */
export function announceChange(db: Database, name: string): void {
  announcers.get(databaseKey(db))?.(name);
}

/** A notice is a cache's name, then optionally a space and what changed in it. */
function deliver(db: Database, payload: string): void {
  const space = payload.indexOf(" ");
  const name = space === -1 ? payload : payload.slice(0, space);
  caches.get(name)?.(db, space === -1 ? null : payload.slice(space + 1));
}

/**
 * Listens on PostgreSQL for changes announced by any instance (this one too) and empties the
 * named cache, so every instance stops serving an answer as soon as one of them changed what it
 * holds; a short TTL stays the safety net while the listener reconnects. Answers a close function
 * and the first try to connect (the app waits for it before it serves, so that the listener's
 * first "forget everything" does not drop what the first requests cached).
 */
export function listenForChanges(
  db: Database,
  databaseUrl: string,
  log: Logger,
): { close: () => Promise<void>; firstTry: Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  announcers.set(databaseKey(db), (name) => {
    db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${name})`).catch((err: unknown) =>
      log.warn({ err }, "could not announce a cache change"),
    );
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== CACHE_CHANNEL || !message.payload) return;
      deliver(db, message.payload);
    });
    next.on("error", (err) => {
      log.warn({ err }, "cache change listener lost its connection; reconnecting");
      void next.end().catch(() => {});
      if (client === next) client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Whatever changed while the listener was away: forget it all.
      for (const forget of caches.values()) forget(db, null);
    } catch (err) {
      log.warn({ err }, "cache change listener could not connect; trying again");
      void next.end().catch(() => {});
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1_000);
    retry.unref();
  };
  const firstTry = connect();

  return {
    firstTry,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      announcers.delete(databaseKey(db));
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
