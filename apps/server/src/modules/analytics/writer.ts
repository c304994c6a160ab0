import { LruCache, type SessionData } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { acrossStores } from "../../db/store-scope.ts";
import type { Logger } from "../../lib/logger.ts";
import { type AnalyticsEventKind, analyticsEvents, analyticsSessions } from "./schema.ts";

/** One beacon's state for one visit. */
export interface SessionUpdate {
  sessionId: string;
  storeId: string;
  /** The guest session (cart cookie) the visitor has now, if any: it ties the visit to a cart. */
  visitorSessionId: string | null;
  data: SessionData;
  at: Date;
  /** The body's size, for the cap on what waits in memory. */
  bytes: number;
}

/** Query parameters that are secrets (a reset or recovery link's token, an order's key). */
const SECRET_PARAMS = /^(token|key|review|code)$/i;

/** A path without its secret query parameters, should a browser have sent one. */
export function withoutSecrets(path: string): string {
  const at = path.indexOf("?");
  if (at < 0) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAMS.test(name)) params.delete(name);
  const query = params.toString();
  return `${path.slice(0, at)}${query ? `?${query}` : ""}`;
}

/** How far along a tab's state is: its lists only grow, and its time on pages too. */
function progressOf(data: SessionData): number {
  const entries =
    data.viewedPages.length +
    data.productPageViews.length +
    data.searchHistory.length +
    data.cartEvents.length;
  return entries * 1e6 + data.totalViewTime;
}

type EventRow = typeof analyticsEvents.$inferInsert;

/** The key of a list entry: when it happened (to the millisecond) and what it was. */
function keyOf(kind: AnalyticsEventKind, entry: Record<string, unknown>): string {
  const at = String(entry.timestamp);
  if (kind === "page_view") return `${at}|${String(entry.path)}`;
  if (kind === "product_view") return `${at}|${String(entry.handle)}`;
  if (kind === "search") return `${at}|${String(entry.query)}`;
  return `${at}|${String(entry.type)}|${String(entry.sku ?? "")}`;
}

/** The lists of the state, the event kind each becomes, and whether an entry changes later. */
const LISTS = [
  // A page's time grows while it is open; a search's duration comes with the next search.
  ["viewedPages", "page_view", true],
  ["productPageViews", "product_view", false],
  ["searchHistory", "search", true],
  ["cartEvents", "cart_event", false],
] as const satisfies readonly (readonly [keyof SessionData, AnalyticsEventKind, boolean])[];

/** Rows inserted per statement. */
const CHUNK = 500;

/**
 * Writes analytics behind the answers: an update is kept in memory (the newest per visit) and
 * written with the others once a second, in one transaction, so a beacon costs its request no
 * database time and analytics never wait on, or fail, a cart write or a checkout. Each list entry
 * becomes one `analytics_events` row keyed by what it was and when: a list sent again adds only
 * its new entries, and rewrites the page views and searches that are still changing. Beyond
 * `maxPending` visits waiting, further updates are dropped and counted; a failed write is logged,
 * and its updates are lost (analytics, not orders).
 */
export class AnalyticsWriter {
  /** Per visit, the newest update of each of its tabs. */
  readonly #pending = new Map<string, SessionUpdate[]>();
  /**
   * The entries this instance wrote per visit, as they were written: an entry sent again
   * unchanged is not written again.
   */
  readonly #written = new LruCache<string, Set<string>>(20_000);
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  /** Updates refused because too many visits, or too many bytes, were waiting. */
  dropped = 0;
  #bytes = 0;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly options: { flushMs: number; maxPending: number; maxBytes: number } = {
      flushMs: 1000,
      maxPending: 10_000,
      maxBytes: 32 * 1024 * 1024,
    },
  ) {}

  /**
   * Queues a visit's newest state; false when it was dropped (too many waiting). A tab's lists
   * only grow, so its newer state replaces its older one; another tab of the visit (its own
   * lists, since its first page) waits beside it.
   */
  push(update: SessionUpdate): boolean {
    const waiting = this.#pending.get(update.sessionId) ?? [];
    const full =
      (waiting.length === 0 && this.#pending.size >= this.options.maxPending) ||
      this.#bytes + update.bytes > this.options.maxBytes;
    if (full) {
      this.dropped += 1;
      return false;
    }
    const tab = (u: SessionUpdate) => u.data.viewedPages[0]?.timestamp ?? "";
    const same = waiting.find((u) => tab(u) === tab(update));
    // Beacons can arrive out of order (the hidden page's and the left page's): keep the newer.
    if (same && progressOf(same.data) > progressOf(update.data)) return true;
    const others = waiting.filter((u) => u !== same).slice(-4);
    for (const gone of waiting) if (!others.includes(gone)) this.#bytes -= gone.bytes;
    this.#bytes += update.bytes;
    this.#pending.set(update.sessionId, [...others, update]);
    if (this.#timer === null) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.flush();
      }, this.options.flushMs);
      this.#timer.unref();
    }
    return true;
  }

  /** Writes what is waiting (one flush at a time); resolves when it is written or given up. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()].flat();
    this.#pending.clear();
    this.#bytes = 0;
    try {
      // One batch holds visits of every store, each row naming its own: written across stores.
      await acrossStores(() =>
        this.db.transaction(async (tx) => {
          for (const update of batch) {
            // Each visit in a savepoint of its own: one the database refuses costs only itself.
            try {
              const written = await tx.transaction((visit) => this.#writeVisit(visit, update));
              if (written) this.#written.set(update.sessionId, written);
            } catch (err) {
              this.log.warn({ err, visit: update.sessionId }, "a visit's analytics were refused");
            }
          }
        }),
      );
    } catch (err) {
      this.log.error({ err, visits: batch.length }, "writing analytics failed");
    }
  }

  /** Writes one visit's update; answers the entries it now knows were written (null: none). */
  async #writeVisit(tx: Transaction, update: SessionUpdate): Promise<Set<string> | null> {
    const data: SessionData = {
      ...update.data,
      viewedPages: update.data.viewedPages.map((p) => ({ ...p, path: withoutSecrets(p.path) })),
      attribution: update.data.attribution && {
        ...update.data.attribution,
        landingPage: withoutSecrets(update.data.attribution.landingPage),
      },
    };
    const [session] = await tx
      .update(analyticsSessions)
      .set({
        lastSeenAt: update.at,
        visitorSessionId: sql`coalesce(${update.visitorSessionId}, ${analyticsSessions.visitorSessionId})`,
        // The tab's own word: an email typed, the account's, or none since signing out.
        userEmail: data.userEmail,
        // The first page of the visit says where it came from.
        attribution: sql`coalesce(${analyticsSessions.attribution}, ${data.attribution === null ? null : JSON.stringify(data.attribution)}::jsonb)`,
        cartStatus: data.cartStatus,
        pagesViewed: sql`greatest(${analyticsSessions.pagesViewed}, ${data.pagesViewed})`,
        totalViewTime: sql`greatest(${analyticsSessions.totalViewTime}, ${Math.round(data.totalViewTime)})`,
      })
      .where(
        and(
          eq(analyticsSessions.id, update.sessionId),
          eq(analyticsSessions.storeId, update.storeId),
        ),
      )
      .returning({ id: analyticsSessions.id });
    // A visit deleted meanwhile (retention) records nothing more.
    if (!session) return null;
    const known = this.#written.get(update.sessionId);
    const now = new Set<string>();
    const rows: EventRow[] = [];
    const changing: EventRow[] = [];
    for (const [list, kind, changes] of LISTS) {
      for (const entry of data[list] as Record<string, unknown>[]) {
        const key = keyOf(kind, entry);
        const seen = `${kind}|${changes ? JSON.stringify(entry) : key}`;
        now.add(seen);
        if (known?.has(seen)) continue;
        const row: EventRow = {
          sessionId: update.sessionId,
          storeId: update.storeId,
          kind,
          key,
          at: new Date(String(entry.timestamp)),
          data: entry,
        };
        (changes ? changing : rows).push(row);
      }
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(analyticsEvents)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing({
          target: [analyticsEvents.sessionId, analyticsEvents.kind, analyticsEvents.key],
        });
    }
    for (let i = 0; i < changing.length; i += CHUNK) {
      await tx
        .insert(analyticsEvents)
        .values(changing.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [analyticsEvents.sessionId, analyticsEvents.kind, analyticsEvents.key],
          set: { data: sql`excluded.data` },
        });
    }
    return now;
  }
}
