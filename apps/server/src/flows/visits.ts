/**
 * What a visit does to the visitor's cart (spec section 4): a page visit opens or resumes the
 * analytics session (analytics) and brings an abandoned cart back to active (cart); a page left
 * with things in the cart (the abandoned-cart beacon) marks the active cart abandoned (cart).
 */
import type { AnalyticsSession } from "@storefront/domain";
import type { Database } from "../db/index.ts";
import { openSession } from "../modules/analytics/writers.ts";
import type { CartOwner } from "../modules/cart/index.ts";
import { markCartAbandoned, reactivateCart } from "../modules/cart/writers.ts";

/** Opens (or resumes) the visit's session, and an abandoned cart of the visitor is active again. */
export async function openVisit(
  db: Database,
  visit: Parameters<typeof openSession>[1],
): Promise<AnalyticsSession> {
  const session = await openSession(db, visit);
  await reactivateCart(db, {
    storeId: visit.storeId,
    userId: visit.userId,
    sessionId: visit.visitorSessionId,
  });
  return session;
}

/** The page was left with things in the cart: an active cart with lines becomes abandoned. */
export function cartLeft(
  db: Database,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
  now: Date,
  /** The store's origin the visitor left from: the reminder's links use it. */
  origin: string | null,
): Promise<boolean> {
  return markCartAbandoned(db, owner, now, origin);
}
