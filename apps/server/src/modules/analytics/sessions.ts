import type { AnalyticsSession } from "@storefront/domain";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { IpLookup } from "./geo.ts";
import { analyticsSessions } from "./schema.ts";

/** What geo_error holds while the visit's address is being looked up. */
const LOOKING_UP = "looking up";

/** A visit ends after this long without a sign of life; the next page opens a new one. */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

/**
 * The visit's analytics session (POST /metrics/initialize): the one the browser already has when
 * it belongs to this store and was alive within 30 minutes, else a new one. The visitor's guest
 * session and account tie it to their cart.
 */
export async function openSession(
  db: Database,
  visit: {
    storeId: string;
    /** The id from the visit cookie, when the browser sent a valid one. */
    existingId: string | null;
    visitorSessionId: string | null;
    userId: string | null;
    now: Date;
  },
): Promise<AnalyticsSession> {
  const { storeId, existingId, now } = visit;
  const owner = {
    lastSeenAt: now,
    ...(visit.visitorSessionId ? { visitorSessionId: visit.visitorSessionId } : {}),
    ...(visit.userId ? { userId: visit.userId } : {}),
  };
  if (existingId) {
    const [resumed] = await db
      .update(analyticsSessions)
      .set(owner)
      .where(
        and(
          eq(analyticsSessions.id, existingId),
          eq(analyticsSessions.storeId, storeId),
          gt(analyticsSessions.lastSeenAt, new Date(now.getTime() - VISIT_IDLE_MS)),
        ),
      )
      .returning({ id: analyticsSessions.id, startedAt: analyticsSessions.startedAt });
    if (resumed) {
      return {
        session_id: resumed.id,
        started_at: resumed.startedAt.toISOString(),
        created: false,
      };
    }
  }
  const [created] = await db
    .insert(analyticsSessions)
    .values({ storeId, startedAt: now, ...owner })
    .returning({ id: analyticsSessions.id, startedAt: analyticsSessions.startedAt });
  if (!created) throw new Error("The analytics session was not inserted");
  return { session_id: created.id, started_at: created.startedAt.toISOString(), created: true };
}

/**
 * Looks up where the visit comes from, once per visit (POST /metrics/collect-data): the location,
 * or the lookup's failure ('Error: {status}'), is stored on the session; without a lookup source
 * nothing is stored. Runs after the answer; answers whether something was stored.
 */
export async function recordLocation(
  deps: { db: Database; lookup: IpLookup | null; log: Logger },
  visit: {
    storeId: string;
    sessionId: string;
    ip: string;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<boolean> {
  if (!deps.lookup) return false;
  // Claimed in one statement: a visit is looked up once, however many calls arrive at once.
  const [session] = await deps.db
    .update(analyticsSessions)
    .set({ geoError: LOOKING_UP })
    .where(
      and(
        eq(analyticsSessions.id, visit.sessionId),
        eq(analyticsSessions.storeId, visit.storeId),
        isNull(analyticsSessions.geo),
        isNull(analyticsSessions.geoError),
      ),
    )
    .returning({ id: analyticsSessions.id });
  if (!session) return false;
  const found = await deps.lookup.lookup(visit.ip, visit.headers).catch(() => null);
  if (found && "error" in found) deps.log.warn({ error: found.error }, "IP lookup failed");
  await deps.db
    .update(analyticsSessions)
    .set(
      !found
        ? { geoError: null }
        : "geo" in found
          ? { geo: found.geo, geoError: null }
          : { geoError: found.error },
    )
    .where(eq(analyticsSessions.id, session.id));
  return found !== null;
}
