import type { AbandonedCartPage, AbandonedCartReport, SessionData } from "@storefront/domain";
import { and, asc, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { users } from "../accounts/index.ts";
import { cartEvents, carts, storedCartView } from "../cart/index.ts";
import { analyticsEvents, analyticsSessions } from "./schema.ts";

type CartRow = typeof carts.$inferSelect;
type SessionRow = typeof analyticsSessions.$inferSelect;

/** The newest visit of the cart's owner: their guest session's, or their account's. */
async function visitOf(db: Database, cart: CartRow): Promise<SessionRow | null> {
  const whose: SQL[] = [];
  if (cart.sessionId) whose.push(eq(analyticsSessions.visitorSessionId, cart.sessionId));
  if (cart.userId) whose.push(eq(analyticsSessions.userId, cart.userId));
  if (whose.length === 0) return null;
  const [visit] = await db
    .select()
    .from(analyticsSessions)
    .where(and(eq(analyticsSessions.storeId, cart.storeId), or(...whose)))
    .orderBy(desc(analyticsSessions.lastSeenAt))
    .limit(1);
  return visit ?? null;
}

/** A visit's lists, rebuilt from its events in the order they happened. */
async function listsOf(
  db: Database,
  visit: SessionRow | null,
): Promise<Pick<SessionData, "productPageViews" | "viewedPages" | "searchHistory">> {
  const lists: Pick<SessionData, "productPageViews" | "viewedPages" | "searchHistory"> = {
    productPageViews: [],
    viewedPages: [],
    searchHistory: [],
  };
  if (!visit) return lists;
  const events = await db
    .select({ kind: analyticsEvents.kind, data: analyticsEvents.data })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, visit.id))
    .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id));
  for (const event of events) {
    // The rows hold what the session data schema accepted.
    if (event.kind === "product_view") {
      lists.productPageViews.push(event.data as SessionData["productPageViews"][number]);
    } else if (event.kind === "page_view") {
      lists.viewedPages.push(event.data as SessionData["viewedPages"][number]);
    } else if (event.kind === "search") {
      lists.searchHistory.push(event.data as SessionData["searchHistory"][number]);
    }
  }
  return lists;
}

/** One abandoned cart as the report of spec section 3 shows it. */
async function reportOf(db: Database, cart: CartRow): Promise<AbandonedCartReport> {
  const [view, events, visit, owner] = await Promise.all([
    storedCartView(db, cart),
    db
      .select()
      .from(cartEvents)
      .where(eq(cartEvents.cartId, cart.id))
      .orderBy(asc(cartEvents.createdAt)),
    visitOf(db, cart),
    cart.userId
      ? db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, cart.userId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);
  const lists = await listsOf(db, visit);
  const sessionDuration = visit
    ? Math.max(0, Math.round((visit.lastSeenAt.getTime() - visit.startedAt.getTime()) / 1000))
    : 0;
  return {
    storeId: cart.storeId,
    cartData: {
      cartEvents: events.map((e) => ({
        type: e.type,
        sku: e.sku,
        quantity: e.quantity,
        timestamp: e.createdAt.toISOString(),
      })),
      cartItems: view.cartItems,
      currency: view.currency,
      subtotal: view.subtotal,
      cartStatus: cart.status,
      sessionDuration,
      timestamp: (cart.abandonedAt ?? cart.updatedAt).toISOString(),
    },
    ...lists,
    totalViewTime: visit?.totalViewTime ?? 0,
    userEmail: owner?.email ?? visit?.userEmail ?? null,
    attribution: visit?.attribution ?? null,
    geo: visit?.geo ?? null,
  };
}

/**
 * The cart-abandonment report (spec section 3): the store's abandoned carts, the most recently
 * abandoned first, each with what its visitor did on their last visit.
 */
export async function listAbandonedCarts(
  db: Database,
  storeId: string,
  query: { page: number; pageSize: number },
): Promise<AbandonedCartPage> {
  const abandoned = and(eq(carts.storeId, storeId), eq(carts.status, "abandoned"));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(carts).where(abandoned),
    db
      .select()
      .from(carts)
      .where(abandoned)
      .orderBy(desc(carts.abandonedAt), desc(carts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const reports: AbandonedCartReport[] = [];
  // One cart at a time: a page holds at most 100, and the pool serves other requests meanwhile.
  for (const cart of rows) reports.push(await reportOf(db, cart));
  return { carts: reports, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}
