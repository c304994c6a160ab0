import { LruCache, type SessionData } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { type AnalyticsEventKind, analyticsEvents, analyticsSessions } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";

/** One beacon's state for one visit. */
export interface SessionUpdate {
  sessionId: string;
  storeId: string;
  /** The guest session (cart cookie) the visitor has now, if any: it ties the visit to a cart. */
  visitorSessionId: string | null;
  data: SessionData;
  at: Date;
}

type EventRow = typeof analyticsEvents.$inferInsert;

/** The lists of the state and the event kind each becomes. */
const LISTS = [
  ["viewedPages", "page_view"],
  ["productPageViews", "product_view"],
  ["searchHistory", "search"],
  ["cartEvents", "cart_event"],
] as const satisfies readonly (readonly [keyof SessionData, AnalyticsEventKind])[];

/** Rows inserted per statement. */
const CHUNK = 500;

/**
 * Writes analytics behind the answers: an update is kept in memory (the newest per visit) and
 * written with the others once a second, in one transaction, so a beacon costs its request no
 * database time and analytics never wait on, or fail, a cart write or a checkout. Each list entry
 * becomes one `analytics_events` row, keyed by its place in the list: a list sent again adds only
 * its new entries (the writer also remembers how many it wrote, to send only those). Beyond
 * `maxPending` visits waiting, further updates are dropped and counted; a failed write is logged,
 * and its updates are lost (analytics, not orders).
 */
export class AnalyticsWriter {
  readonly #pending = new Map<string, SessionUpdate>();
  /** How many entries of each list were written per visit, as far as this instance knows. */
  readonly #written = new LruCache<string, Record<AnalyticsEventKind, number>>(20_000);
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  /** Updates refused because too many visits were waiting. */
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly options: { flushMs: number; maxPending: number } = {
      flushMs: 1000,
      maxPending: 10_000,
    },
  ) {}

  /** Queues a visit's newest state; false when it was dropped (too many waiting). */
  push(update: SessionUpdate): boolean {
    if (!this.#pending.has(update.sessionId) && this.#pending.size >= this.options.maxPending) {
      this.dropped += 1;
      return false;
    }
    this.#pending.set(update.sessionId, update);
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
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    try {
      const written = await this.db.transaction((tx) => this.#writeBatch(tx, batch));
      for (const [sessionId, counts] of written) this.#written.set(sessionId, counts);
    } catch (err) {
      this.log.error({ err, visits: batch.length }, "writing analytics failed");
    }
  }

  async #writeBatch(
    tx: Transaction,
    batch: readonly SessionUpdate[],
  ): Promise<Map<string, Record<AnalyticsEventKind, number>>> {
    const rows: EventRow[] = [];
    const searches: EventRow[] = [];
    const written = new Map<string, Record<AnalyticsEventKind, number>>();
    for (const update of batch) {
      const { data } = update;
      const [session] = await tx
        .update(analyticsSessions)
        .set({
          lastSeenAt: update.at,
          visitorSessionId: sql`coalesce(${update.visitorSessionId}, ${analyticsSessions.visitorSessionId})`,
          userEmail: sql`coalesce(${data.userEmail}, ${analyticsSessions.userEmail})`,
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
      if (!session) continue;
      const known = this.#written.get(update.sessionId);
      const counts = {} as Record<AnalyticsEventKind, number>;
      for (const [list, kind] of LISTS) {
        const entries = data[list];
        counts[kind] = entries.length;
        // A search is written again while it is the open one (its duration comes later).
        const from = Math.max(0, (known?.[kind] ?? 0) - (kind === "search" ? 1 : 0));
        entries.forEach((entry, seq) => {
          if (seq < from) return;
          const row: EventRow = {
            sessionId: update.sessionId,
            storeId: update.storeId,
            kind,
            seq,
            at: new Date(entry.timestamp),
            data: entry,
          };
          (kind === "search" ? searches : rows).push(row);
        });
      }
      written.set(update.sessionId, counts);
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(analyticsEvents)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing({
          target: [analyticsEvents.sessionId, analyticsEvents.kind, analyticsEvents.seq],
        });
    }
    for (let i = 0; i < searches.length; i += CHUNK) {
      await tx
        .insert(analyticsEvents)
        .values(searches.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [analyticsEvents.sessionId, analyticsEvents.kind, analyticsEvents.seq],
          set: { data: sql`excluded.data` },
        });
    }
    return written;
  }
}
