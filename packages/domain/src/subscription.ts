/** How often a subscription delivers: every `interval_count` weeks or months. */
export const SUBSCRIPTION_INTERVALS = ["week", "month"] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

/**
 * `active` renews on its next charge date; `paused` does not, until the shopper resumes it (they
 * paused it, or its renewal failed after every retry); `cancelled` is final.
 */
export const SUBSCRIPTION_STATUSES = ["active", "paused", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Why a subscription is paused: the shopper's choice, the card, the product gone, or no card kept
 * for renewals (a subscription started before cards were kept).
 */
export const SUBSCRIPTION_PAUSE_REASONS = [
  "shopper",
  "payment_failed",
  "unavailable",
  "no_card",
] as const;
export type SubscriptionPauseReason = (typeof SUBSCRIPTION_PAUSE_REASONS)[number];

/**
 * After a renewal fails (the card declined, or not enough stock), the next try is this many days
 * after the one that failed: 1 day, then 3, then 7. When the try after the last of these fails
 * too, the subscription is paused.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** The shopper's changes to a subscription on `/account`. */
export const SUBSCRIPTION_ACTIONS = ["skip", "pause", "resume", "cancel", "change_plan"] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

// In a module of their own: only the checkout's page shows them, so the product page's code
// does not carry them.
export { SUBSCRIPTION_MESSAGES } from "./subscription-messages.ts";

/**
 * Whether checkout must wait for the shopper to sign in: a subscription is kept on an account,
 * so a guest whose cart holds a subscription line signs in (or registers) first. One rule for
 * the checkout page (which shows the sign-in link) and the server (which answers 401). A line is
 * on a plan when its `subscription` is set (a CartItem's, or a CartView line's non-null one).
 * @example subscriptionNeedsAccount([{ subscription: { subscription_id: "monthly" } }], false) // true
 * @example subscriptionNeedsAccount([{ subscription: null }], false) // false
 */
export function subscriptionNeedsAccount(
  lines: readonly { subscription?: object | null }[],
  signedIn: boolean,
): boolean {
  return !signedIn && lines.some((line) => line.subscription != null);
}

/**
 * The price of one delivery on a plan: the one-time price less the plan's percentage, rounded to
 * the nearest minor unit (half up). Integer arithmetic, so no floating-point drift.
 * @example subscriptionPrice(3995, 10) // 3596 ($35.955 rounds up to $35.96)
 */
export function subscriptionPrice(priceMinor: number, discountPercentage: number): number {
  return Math.floor((priceMinor * (100 - discountPercentage) + 50) / 100);
}

/**
 * The offer's headline on the product page and in the cart.
 * @example subscriptionOffer(10) // "Subscribe & save 10%"
 */
export function subscriptionOffer(discountPercentage: number): string {
  return `Subscribe & save ${discountPercentage}%`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The day a subscription is next charged: `day` (YYYY-MM-DD) plus the plan's interval. Months
 * keep the day of the month, or take the month's last day when it is shorter.
 * @example nextChargeOn("2026-01-31", "month", 1) // "2026-02-28"
 * @example nextChargeOn("2026-11-22", "week", 2) // "2026-12-06"
 */
export function nextChargeOn(
  day: string,
  interval: SubscriptionInterval,
  intervalCount: number,
  /**
   * The day of the month the subscription started on: a monthly plan started on the 31st is
   * charged on the 28th of February and on the 31st of March again. Default: `day`'s own.
   */
  anchorDay?: number,
): string {
  const match = ISO_DATE.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (interval === "week") {
    return isoDay(new Date(Date.UTC(year, month, date + 7 * intervalCount)));
  }
  const target = month + intervalCount;
  // Day 0 of the month after the target is the target month's last day.
  const lastDay = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, target, Math.min(anchorDay ?? date, lastDay))));
}

/**
 * The first charge date after `today` that follows `day` on the plan's schedule: a renewal paid
 * late (after retries, or after the store was down) is not followed at once by the periods it
 * missed. @example nextChargeAfter("2027-03-01", "week", 1, "2027-03-12", 1) // "2027-03-15"
 */
export function nextChargeAfter(
  day: string,
  interval: SubscriptionInterval,
  intervalCount: number,
  today: string,
  anchorDay?: number,
): string {
  let next = nextChargeOn(day, interval, intervalCount, anchorDay);
  while (next <= today) next = nextChargeOn(next, interval, intervalCount, anchorDay);
  return next;
}

/** A YYYY-MM-DD day plus `days` days. @example addDays("2026-02-27", 2) // "2026-03-01" */
export function addDays(day: string, days: number): string {
  const match = ISO_DATE.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${day}`);
  return isoDay(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)),
  );
}

/**
 * What follows a failed renewal try, given how many tries of this period had failed before it:
 * the day of the next try, or null when this was the last and the subscription is paused.
 * @example renewalRetry("2026-03-01", 0) // "2026-03-02"
 * @example renewalRetry("2026-03-02", 1) // "2026-03-05"
 * @example renewalRetry("2026-03-12", 3) // null
 */
export function renewalRetry(triedOn: string, failedBefore: number): string | null {
  const wait = RENEWAL_RETRY_DAYS[failedBefore];
  return wait === undefined ? null : addDays(triedOn, wait);
}
