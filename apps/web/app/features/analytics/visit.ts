// Whether and when a visit is recorded (loaded lazily: the first page does not wait for it).
import type { StoreInfo } from "@storefront/domain";
import type { Tracker } from "./tracker";

/** The visitor's answer to a store that asks before recording (localStorage). */
export const CONSENT_KEY = "sf_analytics_consent";
export type Consent = "granted" | "denied";

/** A page shown before the tracker started, and when. */
export interface ShownPage {
  path: string;
  product: string | null;
  at: Date;
}

export interface VisitHooks {
  /** The pages shown so far, not yet recorded (the tracker takes them when it starts). */
  pages: ShownPage[];
  /** Resolves when the page has settled enough for the tracker's work. */
  settled(): Promise<unknown>;
  /** Shows the consent banner; `decide` takes the visitor's answer. */
  ask(decide: (consent: Consent) => void): void;
  started(tracker: Tracker): void;
}

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

/**
 * Opens the visit with the tracker, once the page has settled unless the visitor just acted, and
 * hands it the pages shown so far.
 */
async function startTracker(storeId: string, hooks: VisitHooks, now = false): Promise<void> {
  if (!now) await hooks.settled();
  const { Tracker } = await import("./tracker");
  const tracker = new Tracker({ storeId });
  if (!(await tracker.start())) return;
  for (const page of hooks.pages.splice(0)) tracker.pageView(page.path, page.product, page.at);
  hooks.started(tracker);
}

/**
 * Records the visit unless the browser sends Global Privacy Control or the visitor declined; a
 * store that asks first records only once the visitor agrees, from the page they agreed on.
 */
export async function begin(store: StoreInfo, hooks: VisitHooks): Promise<void> {
  if (privacySignal()) return;
  const consent = readConsent();
  if (consent === "denied") return;
  if (store.analyticsConsent !== "required" || consent === "granted") {
    return startTracker(store.storeId, hooks);
  }
  hooks.ask((answer) => {
    try {
      localStorage.setItem(CONSENT_KEY, answer);
    } catch {
      // Not kept: the banner asks again on the next page.
    }
    // The pages before the answer were seen unrecorded.
    hooks.pages.splice(0, hooks.pages.length - 1);
    if (answer === "granted") void startTracker(store.storeId, hooks, true).catch(() => undefined);
  });
}
