import type { StoreInfo } from "@storefront/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import type { Tracker } from "./tracker";
import type { Consent, ShownPage, VisitHooks } from "./visit";
import { visitKey } from "./visit-key";

/** The visit's tracker once it has started; null before, or when nothing is recorded. */
let tracker: Tracker | null = null;
/** The visit's start was asked for (once per page load). */
let starting = false;
/**
 * The pages shown before the tracker started, each with when it was shown: the tracker starts
 * after the page has settled, and a visitor may have moved on by then.
 */
const shown: ShownPage[] = [];

/**
 * How long after a visit's first page has loaded the tracker's code is fetched: its work (a chunk
 * to parse, a call, storage) would otherwise land in the page's busiest seconds.
 */
export const SETTLE_MS = 2000;

const ConsentBanner = lazy(() => import("./consent-banner"));

/**
 * Resolves when the tracker may start: at once (when idle) in a tab whose visit is open; else
 * SETTLE_MS after the load event, or at the visitor's first press, whichever comes first.
 */
function settled(storeId: string): Promise<unknown> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(go, SETTLE_MS);
    };
    // The first of the ways in disarms the others.
    function go() {
      clearTimeout(timer);
      window.removeEventListener("pointerdown", go);
      window.removeEventListener("load", wait);
      // Safari has no requestIdleCallback: the next task will do.
      (window.requestIdleCallback ?? setTimeout)(resolve);
    }
    let open = false;
    try {
      open = !!sessionStorage.getItem(visitKey(storeId));
    } catch {
      // Storage refused: treated as a new visit.
    }
    if (open) return go();
    window.addEventListener("pointerdown", go, { once: true });
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
  });
}

/** The visit's tracker, once it has started (null before, or when nothing is recorded). */
export const visitTracker = () => tracker;

/**
 * Records the visit (pages, product pages, cart events, searches) without delaying the page: the
 * tracker's code loads when the browser is idle. Nothing is recorded when the browser sends
 * Global Privacy Control, the visitor declined, or the store asks first and the visitor has not
 * agreed yet (a banner asks).
 */
export function Analytics({ store }: { store: StoreInfo }) {
  const location = useLocation();
  const product = useMatches().find((m) => m.id === "routes/product")?.params.handle ?? null;
  const [decide, setDecide] = useState<((consent: Consent) => void) | null>(null);

  useEffect(() => {
    if (starting) return;
    starting = true;
    let waiting: Promise<unknown> | undefined;
    const hooks: VisitHooks = {
      pages: shown,
      settled: () => {
        waiting ??= settled(store.storeId);
        return waiting;
      },
      ask: (answer) => setDecide(() => answer),
      started: (started) => {
        tracker = started;
      },
    };
    // The check (consent, Global Privacy Control) loads at once where the store asks first, so
    // the banner shows with the page; elsewhere it waits with the tracker.
    const ready = store.analyticsConsent === "required" ? Promise.resolve() : hooks.settled();
    void ready
      .then(() => import("./visit"))
      .then((visit) => visit.begin(store, hooks))
      .catch(() => undefined /* the page works without analytics */);
  }, [store]);

  // A page view is a new path: a product's variant or a collection's filter changing the query
  // is the same page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; the query and the handle are read as they are then.
  useEffect(() => {
    // The tracker keeps only what may be recorded of it (record-path.ts).
    const path = `${location.pathname}${location.search}`;
    if (tracker) tracker.pageView(path, product);
    // At most 50 wait (a visit's list is capped anyway).
    else if (shown.length < 50) shown.push({ path, product, at: new Date() });
  }, [location.pathname]);

  if (!decide) return null;
  return (
    <Suspense>
      <ConsentBanner
        brandName={store.brandName}
        onDecide={(consent) => {
          setDecide(null);
          decide(consent);
        }}
      />
    </Suspense>
  );
}
