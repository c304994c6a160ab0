import type { Attribution, CartStatus, Currency, GeoData } from "@storefront/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { carts } from "../cart/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/**
 * A store's paid orders per UTC day (of paid_at) and currency: how many, their totals and what
 * was refunded of them. Kept by the database as orders are paid and refunded (migration 0042),
 * so the dashboard reads a day's sales from one row however many orders it had.
 */
export const salesDays = pgTable(
  "sales_days",
  {
    storeId: storeColumn(),
    day: date("day").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    orders: integer("orders").notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
    refunded: bigint("refunded", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.currency] })],
);

/**
 * A store's paid order lines per UTC day, currency and SKU: units and line totals, and the
 * alphabetically first title sold under the SKU that day. Kept with `sales_days`.
 */
export const productSalesDays = pgTable(
  "product_sales_days",
  {
    storeId: storeColumn(),
    day: date("day").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    units: integer("units").notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.currency, t.sku] })],
);

/**
 * One visit's analytics (spec section 3): opened by POST /metrics/initialize, its totals and the
 * latest of what the browser sent kept up to date by POST /metrics/update-session-data. The
 * visitor's guest session (`visitor_session_id`, the cart cookie's id) or account ties it to a
 * cart for the abandonment report.
 */
export const analyticsSessions = pgTable(
  "analytics_sessions",
  {
    id: idColumn(),
    storeId: storeColumn(),
    visitorSessionId: text("visitor_session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userEmail: text("user_email"),
    attribution: jsonb("attribution").$type<Attribution>(),
    cartStatus: text("cart_status").$type<CartStatus>(),
    pagesViewed: integer("pages_viewed").notNull().default(0),
    totalViewTime: integer("total_view_time").notNull().default(0),
    /** Set by the database when the visit's first product view or item added arrives (the funnel). */
    viewedProduct: boolean("viewed_product").notNull().default(false),
    addedToCart: boolean("added_to_cart").notNull().default(false),
    /** The user geo data of spec section 3, or the IP lookup's failure ('Error: {status}'). */
    geo: jsonb("geo").$type<GeoData>(),
    geoError: text("geo_error"),
  },
  (t) => [
    index("analytics_sessions_store_seen").on(t.storeId, t.lastSeenAt),
    index("analytics_sessions_store_started").on(
      t.storeId,
      t.startedAt,
      t.viewedProduct,
      t.addedToCart,
    ),
    index("analytics_sessions_visitor").on(t.storeId, t.visitorSessionId, t.lastSeenAt),
    index("analytics_sessions_user").on(t.storeId, t.userId, t.lastSeenAt),
  ],
);

/**
 * What a visit did, one row per entry of the browser's lists (page views, product page views,
 * searches, cart events), appended as they arrive. `key` names the entry (its time to the
 * millisecond and what it was: the path, the handle, the query, the event and sku), so a list
 * sent again adds only its new entries, and two tabs of one visit never take each other's
 * places. A page view's row is rewritten while its time on the page grows, a search's until the
 * next search gives it its duration.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    kind: text("kind").$type<AnalyticsEventKind>().notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    data: jsonb("data").notNull(),
    /** A search's query as typed, kept by the database beside its data (the search reports). */
    searchQuery: text("search_query").generatedAlwaysAs(
      sql`case when kind = 'search' then data ->> 'query' end`,
    ),
  },
  (t) => [
    unique("analytics_events_session_kind_key").on(t.sessionId, t.kind, t.key),
    index("analytics_events_store_at").on(t.storeId, t.at),
    // The search report and the dashboard's searches count a range's queries from this index
    // alone, never reading the events' data.
    index("analytics_events_store_searched")
      .on(t.storeId, t.at, t.searchQuery)
      .where(sql`${t.kind} = 'search'`),
    check(
      "analytics_events_kind",
      sql`${t.kind} in ('page_view', 'product_view', 'search', 'cart_event')`,
    ),
  ],
);

export type AnalyticsEventKind = "page_view" | "product_view" | "search" | "cart_event";

/**
 * The link of a recovery email: it puts the abandoned cart's lines in whichever browser opens
 * it, once, within its days. Only the token's SHA-256 is kept.
 */
export const cartRecoveryTokens = pgTable(
  "cart_recovery_tokens",
  {
    id: idColumn(),
    storeId: storeColumn(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("cart_recovery_tokens_hash").on(t.tokenHash),
    index("cart_recovery_tokens_expires").on(t.expiresAt),
    index("cart_recovery_tokens_store_used")
      .on(t.storeId, sql`lower(${t.email})`, t.usedAt)
      .where(sql`${t.usedAt} is not null`),
  ],
);

/** Addresses that asked for no more cart reminders from a store (the email's unsubscribe link). */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    storeId: storeColumn(),
    email: text("email").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.email] })],
);
