// The visit's analytics (spec section 3 "Analytics state"), loaded after the page is up: it never
// delays the first render. It keeps the state in sessionStorage (a reload is the same visit) and
// sends it by beacon when the page is hidden or left.
import {
  ANALYTICS_LIMITS,
  ANALYTICS_ROUTES,
  type AnalyticsCartEvent,
  type AnalyticsState,
  type Attribution,
  type CartView,
  lineKey,
  recordSearch as nextSearchHistory,
  type Route,
} from "@storefront/domain";
import { useAccountStore } from "~/features/account";
import { syncItemOf, useCartStore } from "~/features/cart";
import * as api from "~/lib/api";
import { recordablePath } from "./record-path";
import { visitKey } from "./visit-key";

const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;

/** The most a beacon may carry (the browser refuses bigger ones, and so does the server). */
const BEACON_BYTES = 60 * 1024;

/**
 * The state as one beacon can carry it: the oldest entries of the longest lists left out until
 * it fits (the server keeps what earlier beacons sent).
 */
export function fitForBeacon(state: AnalyticsState): string {
  let body = JSON.stringify(state);
  const lists = ["viewedPages", "productPageViews", "searchHistory", "cartEvents"] as const;
  let trimmed: AnalyticsState = state;
  while (body.length > BEACON_BYTES) {
    const longest = lists.reduce((a, b) => (trimmed[a].length >= trimmed[b].length ? a : b));
    const list = trimmed[longest];
    if (list.length === 0) break;
    trimmed = { ...trimmed, [longest]: list.slice(Math.ceil(list.length / 4)) };
    body = JSON.stringify(trimmed);
  }
  return body;
}

/**
 * Where the visit came from: the landing URL's UTM parameters, and the referrer when it is
 * another site (the store referring to itself says nothing).
 */
export function attributionOf(landingUrl: string, referrer: string): Attribution {
  const url = new URL(landingUrl);
  const clip = (value: string | null) =>
    value === null || value === "" ? null : value.slice(0, ANALYTICS_LIMITS.text);
  const utm = Object.fromEntries(
    UTM_KEYS.map((key) => [key, clip(url.searchParams.get(`utm_${key}`))]),
  ) as Record<(typeof UTM_KEYS)[number], string | null>;
  let external: string | null = null;
  try {
    external = referrer && new URL(referrer).host !== url.host ? referrer : null;
  } catch {
    external = null;
  }
  return {
    ...utm,
    referrer: clip(external),
    landingPage: recordablePath(url.pathname, url.search),
  };
}

/** The cart's lines by their key ("sku|plan", and a bundle line's selection) → quantity. */
function linesOf(cart: CartView | null): Map<string, { sku: string; quantity: number }> {
  const lines = new Map<string, { sku: string; quantity: number }>();
  for (const l of cart?.cartItems ?? []) {
    lines.set(lineKey(l), {
      sku: l.sku,
      quantity: l.quantity,
    });
  }
  return lines;
}

/**
 * The cart events (spec section 4) between two versions of the cart: added, quantity updated,
 * removed, or emptied (everything gone at once).
 */
export function cartEventsBetween(
  before: CartView | null,
  after: CartView | null,
  now: Date,
): AnalyticsCartEvent[] {
  const was = linesOf(before);
  const is = linesOf(after);
  const timestamp = now.toISOString();
  if (was.size > 1 && is.size === 0) {
    return [{ type: "cart_emptied", sku: null, quantity: null, timestamp }];
  }
  const events: AnalyticsCartEvent[] = [];
  for (const [key, line] of is) {
    const old = was.get(key);
    if (!old) events.push({ type: "item_added", ...line, timestamp });
    else if (old.quantity !== line.quantity) {
      events.push({ type: "item_quantity_updated", ...line, timestamp });
    }
  }
  for (const [key, line] of was) {
    if (!is.has(key)) events.push({ type: "item_removed", ...line, timestamp });
  }
  return events;
}

/** Appends while the list has room: entries keep their places, so the server stores each once. */
function append<T>(list: T[], entry: T, limit: number): void {
  if (list.length < limit) list.push(entry);
}

interface Stored {
  sessionId: string;
  state: AnalyticsState;
}

export interface TrackerOptions {
  storeId: string;
  now?: () => Date;
}

/** One visit's tracker: started once per page load, fed page views, cart changes and searches. */
export class Tracker {
  state: AnalyticsState;
  sessionId: string | null = null;
  /** The open page's entry in viewedPages and how long it has been visible. */
  #page: { index: number; visibleMs: number } | null = null;
  /** Since when the page is visible (null: hidden), not yet counted. */
  #visibleSince: number | null = null;
  /** The visit's visible time, counted. */
  #viewMs = 0;
  #stop: (() => void)[] = [];
  readonly #key: string;
  readonly #now: () => Date;

  constructor(private readonly options: TrackerOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#key = visitKey(options.storeId);
    this.state = this.#fresh();
  }

  #fresh(): AnalyticsState {
    return {
      cartEvents: [],
      productPageViews: [],
      pagesViewed: 0,
      viewedPages: [],
      searchHistory: [],
      userEmail: null,
      attribution: null,
      cartStatus: "empty",
      totalViewTime: 0,
      sessionStartTime: this.#now().toISOString(),
    };
  }

  /**
   * Opens the visit (POST /metrics/initialize); on failure only logs 'Error initializing
   * session:' (spec section 8) and records nothing. Then the three local actions: the visit's
   * state (kept from this visit, else new, with its attribution), the listeners, and where the
   * visit comes from (POST /metrics/collect-data, once per visit).
   */
  async start(): Promise<boolean> {
    let session: { session_id: string; started_at: string; created: boolean };
    try {
      session = await api.analytics.initialize({ store_id: this.options.storeId });
    } catch (error) {
      console.error("Error initializing session:", error);
      return false;
    }
    this.sessionId = session.session_id;
    const kept = this.#load();
    if (kept && kept.sessionId === session.session_id) {
      this.state = kept.state;
      this.#viewMs = kept.state.totalViewTime * 1000;
    } else {
      this.state = { ...this.#fresh(), sessionStartTime: session.started_at };
      this.state.attribution = attributionOf(window.location.href, document.referrer);
    }
    this.#listen();
    if (session.created) {
      void api.analytics.collectData({}).catch(() => undefined);
    }
    return true;
  }

  #load(): Stored | null {
    try {
      const text = sessionStorage.getItem(this.#key);
      return text ? (JSON.parse(text) as Stored) : null;
    } catch {
      return null;
    }
  }

  #save(): void {
    if (!this.sessionId) return;
    try {
      sessionStorage.setItem(
        this.#key,
        JSON.stringify({ sessionId: this.sessionId, state: this.state }),
      );
    } catch {
      // Storage full or refused: the server has what the last beacon sent.
    }
  }

  #listen(): void {
    this.#visibleSince = document.visibilityState === "visible" ? Date.now() : null;
    const cart = useCartStore.getState().cart;
    this.#syncCart(cart, cart);
    this.#stop.push(useCartStore.subscribe((s, prev) => this.#syncCart(prev.cart, s.cart)));
    const email = (user = useAccountStore.getState().user, before?: typeof user) => {
      if (user?.email) this.noteEmail(user.email);
      // Signed out: the next person at this computer is not the one who was signed in.
      else if (user === null && before) this.state.userEmail = null;
      this.#save();
    };
    email();
    this.#stop.push(useAccountStore.subscribe((s, prev) => email(s.user, prev.user)));
    const onVisibility = () => {
      if (document.visibilityState === "hidden") this.flush(false);
      else this.#count(Date.now(), true);
    };
    const onPageHide = () => this.flush(true);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    this.#stop.push(() => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
    });
  }

  #syncCart(before: CartView | null, after: CartView | null): void {
    if (before && after && before !== after) {
      for (const event of cartEventsBetween(before, after, this.#now())) {
        append(this.state.cartEvents, event, ANALYTICS_LIMITS.cartEvents);
      }
    }
    if (after) this.state.cartStatus = after.status;
    this.#save();
  }

  /**
   * Counts the visible time since the last count into the open page and the visit, and writes the
   * page's duration; `visible` says whether the page stays visible from now on.
   */
  #count(now: number, visible: boolean): void {
    const slice = this.#visibleSince === null ? 0 : Math.max(0, now - this.#visibleSince);
    this.#visibleSince = visible ? now : null;
    this.#viewMs += slice;
    this.state.totalViewTime = Math.min(ANALYTICS_LIMITS.seconds, Math.round(this.#viewMs / 1000));
    if (!this.#page) return;
    this.#page.visibleMs += slice;
    const entry = this.state.viewedPages[this.#page.index];
    if (entry) {
      entry.duration = Math.min(ANALYTICS_LIMITS.seconds, Math.round(this.#page.visibleMs / 1000));
    }
  }

  /**
   * A page was shown (the first, or a navigation in the app), at `url` (path and query); `shownAt`
   * when it was shown before the tracker started.
   */
  pageView(url: string, productHandle: string | null, shownAt?: Date): void {
    const at = url.indexOf("?");
    const path = at < 0 ? url : recordablePath(url.slice(0, at), url.slice(at));
    this.#count(shownAt ? shownAt.getTime() : Date.now(), document.visibilityState === "visible");
    const timestamp = (shownAt ?? this.#now()).toISOString();
    this.state.pagesViewed += 1;
    const index = this.state.viewedPages.length;
    if (index < ANALYTICS_LIMITS.viewedPages) {
      const entry = { path: path.slice(0, ANALYTICS_LIMITS.text), timestamp, duration: 0 };
      this.state.viewedPages.push(entry);
      this.#page = { index, visibleMs: 0 };
    } else {
      this.#page = null;
    }
    if (productHandle && productHandle.length <= 200) {
      const view = { handle: productHandle, timestamp };
      append(this.state.productPageViews, view, ANALYTICS_LIMITS.productPageViews);
    }
    this.#save();
  }

  /** A search (spec section 4): a new query closes the open one; the same query again is ignored. */
  search(query: string): void {
    this.state.searchHistory = nextSearchHistory(this.state.searchHistory, query, this.#now());
    this.#save();
  }

  /** The open search's results the visitor scrolled past, or opened. */
  searchResult(handle: string, action: "scrolled" | "clicked"): void {
    const current = this.state.searchHistory.at(-1);
    if (!current || current.duration !== null) return;
    const list = action === "clicked" ? current.clickedProducts : current.scrolledProducts;
    if (!list.includes(handle)) append(list, handle, ANALYTICS_LIMITS.searchProducts);
    this.#save();
  }

  /** The email the visitor signed in with or typed at checkout. */
  noteEmail(email: string): void {
    const clean = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clean) || clean.length > 254) return;
    this.state.userEmail = clean;
    this.#save();
  }

  /**
   * Sends the state by beacon (the page is hidden or left). Leaving with things in the cart also
   * reports the cart abandoned (spec section 4: 'abandoned' if the cart has items, else 'empty').
   */
  flush(leaving: boolean): void {
    this.#count(Date.now(), false);
    const cart = useCartStore.getState().cart;
    const hasItems = (cart?.cartItems.length ?? 0) > 0;
    if (leaving) {
      this.state.cartStatus =
        cart?.status === "purchased" ? "purchased" : hasItems ? "abandoned" : "empty";
    }
    this.#save();
    beacon(ANALYTICS_ROUTES.updateSessionData, fitForBeacon(this.state));
    if (leaving && hasItems && cart) {
      beacon(
        ANALYTICS_ROUTES.abandonedCart,
        JSON.stringify({
          cartItems: cart.cartItems.map(syncItemOf),
        }),
      );
    }
  }

  stop(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }
}

/**
 * Sends JSON as text/plain to a POST of ANALYTICS_ROUTES by beacon (it survives the page going
 * away), else by fetch.
 */
function beacon(route: Route, text: string): void {
  const path = route.slice(route.indexOf("/"));
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(path, text)) return;
  void fetch(path, {
    method: "POST",
    body: text,
    headers: { "content-type": "text/plain;charset=UTF-8" },
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}
