import type { StoreInfo } from "@storefront/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import type { Tracker } from "./tracker";

/** The visitor's answer to a store that asks before recording (localStorage). */
export const CONSENT_KEY = "sf_analytics_consent";
type Consent = "granted" | "denied";

/** The visit's tracker once it has started; null before, or when nothing is recorded. */
let tracker: Tracker | null = null;
/** The tracker's start was asked for (once per page load). */
let starting = false;
/** The page on screen, recorded when the tracker starts (it may start after the first render). */
let shown: { path: string; product: string | null } | null = null;

const ConsentBanner = lazy(() => import("./consent-banner"));

function readConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}

/** Whether the browser asks not to be tracked (Global Privacy Control). */
function privacySignal(): boolean {
  return (
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/** Loads the tracker's code once the page is idle, and starts the visit. */
function startTracking(storeId: string): void {
  if (starting) return;
  starting = true;
  void new Promise<void>((resolve) => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => resolve());
  })
    .then(() => import("./tracker"))
    .then(async ({ Tracker }) => {
      const started = new Tracker({ storeId });
      if (!(await started.start())) return;
      tracker = started;
      if (shown) started.pageView(shown.path, shown.product);
    })
    .catch(() => undefined /* the page works without analytics */);
}

/** A search on this store (spec section 4); recorded only while the visit is being recorded. */
export function recordSearch(query: string): void {
  tracker?.search(query);
}

/** A result of the open search the visitor scrolled past or opened. */
export function recordSearchResult(handle: string, action: "scrolled" | "clicked"): void {
  tracker?.searchResult(handle, action);
}

/** The email a visitor typed (checkout), for the visit's record. */
export function noteEmail(email: string): void {
  tracker?.noteEmail(email);
}

/**
 * Records the visit (pages, product pages, cart events, searches) without delaying the page: the
 * tracker's code loads when the browser is idle. Nothing is recorded when the browser sends
 * Global Privacy Control, the visitor declined, or the store asks first and the visitor has not
 * agreed yet (a banner asks).
 */
export function Analytics({ store }: { store: StoreInfo }) {
  const location = useLocation();
  const product = useMatches().find((m) => m.id === "routes/product")?.params.handle ?? null;
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (privacySignal()) return;
    const consent = readConsent();
    if (consent === "denied") return;
    if (store.analyticsConsent === "required" && consent !== "granted") {
      setAsking(true);
      return;
    }
    startTracking(store.storeId);
  }, [store.storeId, store.analyticsConsent]);

  // A page view is a new path: a product's variant or a collection's filter changing the query
  // is the same page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; the query and the handle are read as they are then.
  useEffect(() => {
    // The tracker keeps only what may be recorded of it (record-path.ts).
    const path = `${location.pathname}${location.search}`;
    shown = { path, product };
    tracker?.pageView(path, product);
  }, [location.pathname]);

  if (!asking) return null;
  const decide = (consent: Consent) => {
    try {
      localStorage.setItem(CONSENT_KEY, consent);
    } catch {
      // Not kept: the banner asks again on the next page.
    }
    setAsking(false);
    if (consent === "granted") startTracking(store.storeId);
  };
  return (
    <Suspense fallback={null}>
      <ConsentBanner brandName={store.brandName} onDecide={decide} />
    </Suspense>
  );
}
