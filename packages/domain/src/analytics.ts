// Session analytics (spec section 3 "Analytics state", section 4 "Search and checkout"): the
// browser's record of a visit and the rules that shape it. No zod here: the browser's analytics
// module imports this file and must stay small (analytics-schema.ts validates on the server).
import type { CartEventType, CartStatus } from "./cart.ts";

/** The most entries of each list one visit's state keeps; older ones give way to newer. */
export const ANALYTICS_LIMITS = {
  /** Bytes of one update's body (a beacon's, JSON or text/plain). */
  bodyBytes: 64 * 1024,
  cartEvents: 200,
  productPageViews: 200,
  viewedPages: 200,
  searchHistory: 100,
  /** Products listed per search as scrolled past or clicked. */
  searchProducts: 50,
  text: 500,
  /** A visit longer than a day is counted as a day. */
  seconds: 24 * 60 * 60,
} as const;

export const CART_EVENT_TYPES = [
  "item_added",
  "item_quantity_updated",
  "item_removed",
  "cart_emptied",
] as const satisfies readonly CartEventType[];

export interface AnalyticsCartEvent {
  type: CartEventType;
  sku: string | null;
  quantity: number | null;
  /** ISO 8601. */
  timestamp: string;
}

export interface ProductPageView {
  handle: string;
  timestamp: string;
}

export interface ViewedPage {
  /** The path and query of the page, without the host. */
  path: string;
  timestamp: string;
  /** Seconds on the page; 0 while it is still open. */
  duration: number;
}

/** One search session (spec section 3): open until the next search sets its duration. */
export interface SearchEntry {
  query: string;
  timestamp: string;
  /** Seconds until the next search; null while it is the current one. */
  duration: number | null;
  /** Handles of the results the visitor scrolled past, and of those they opened. */
  scrolledProducts: string[];
  clickedProducts: string[];
}

/** Where the visit came from: the landing URL's UTM parameters and the referring site. */
export interface Attribution {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  referrer: string | null;
  landingPage: string;
}

/** The analytics state of section 3, as the browser keeps it and sends it. */
export interface AnalyticsState {
  cartEvents: AnalyticsCartEvent[];
  productPageViews: ProductPageView[];
  pagesViewed: number;
  viewedPages: ViewedPage[];
  searchHistory: SearchEntry[];
  userEmail: string | null;
  attribution: Attribution | null;
  cartStatus: CartStatus;
  /** Seconds the visit's pages were visible. */
  totalViewTime: number;
  sessionStartTime: string;
}

/** What a store decides about analytics (stores.analytics_settings). */
export interface AnalyticsSettings {
  /**
   * `required`: nothing is recorded until the visitor accepts (a banner asks);
   * `not_required`: recorded unless the browser sends Global Privacy Control.
   */
  consent: "required" | "not_required";
  /** Days a visit's analytics are kept; the job runner deletes older ones. */
  retentionDays: number;
  /** Minutes a cart stays abandoned before its one recovery email. */
  recoveryDelayMinutes: number;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  consent: "not_required",
  retentionDays: 180,
  recoveryDelayMinutes: 60,
};

export const ANALYTICS_MESSAGES = {
  storeMismatch: "store_id does not match this store",
  noSession: "No analytics session: call /metrics/initialize first",
} as const;

/** Keeps the newest `limit` entries of a list. */
export function newest<T>(list: readonly T[], limit: number): T[] {
  return list.length > limit ? list.slice(list.length - limit) : [...list];
}

/**
 * The search history after a search (spec section 4): a new query closes the current search by
 * setting its duration in whole seconds and opens a new one; the same query again (ignoring case
 * and outer spaces) is ignored, as is an empty one.
 * @example recordSearch([{ query: "calm", timestamp: "2026-01-01T00:00:00.000Z", duration: null, … }], "itch", new Date("2026-01-01T00:00:42Z"))[0].duration // 42
 */
export function recordSearch(
  history: readonly SearchEntry[],
  query: string,
  now: Date,
): SearchEntry[] {
  const text = query.trim().slice(0, 200);
  const current = history.at(-1);
  if (text === "" || current?.query.toLowerCase() === text.toLowerCase()) return [...history];
  const closed = history.map((entry, i) =>
    i === history.length - 1 && entry.duration === null
      ? { ...entry, duration: secondsBetween(entry.timestamp, now) }
      : entry,
  );
  return newest(
    [
      ...closed,
      {
        query: text,
        timestamp: now.toISOString(),
        duration: null,
        scrolledProducts: [],
        clickedProducts: [],
      },
    ],
    ANALYTICS_LIMITS.searchHistory,
  );
}

/** Whole seconds from an ISO time to `now`, never negative, at most a day. */
export function secondsBetween(fromIso: string, now: Date): number {
  const ms = now.getTime() - Date.parse(fromIso);
  if (!Number.isFinite(ms)) return 0;
  return Math.min(ANALYTICS_LIMITS.seconds, Math.max(0, Math.round(ms / 1000)));
}

/** A recovery email's link works this many days, once. */
export const RECOVERY_LINK_DAYS = 7;

/** A visitor seen this long after the cart was abandoned came back: no reminder is sent. */
export const RECOVERY_RETURN_GRACE_MS = 10_000;

export const RECOVERY_MESSAGES = {
  linkInvalid:
    "This link to your cart is invalid, has expired or has already been used. Your cart may still be waiting in the browser you used.",
  tokenRequired: "The link has no token",
  restored: "Your cart is back as you left it.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  unsubscribed: (brandName: string) =>
    `You will get no more cart reminders from ${brandName} at this address.`,
} as const;
