import type { StoreInfo } from "@storefront/domain";

/**
 * What Stripe.js loads with for a store: the platform's publishable key on the store's connected
 * account (Stripe Connect's `stripeAccount`), so the card is confirmed on that account.
 */
export interface StripeKey {
  publishableKey: string;
  stripeAccount: string | null;
}

/** The store's Stripe.js key; null when it takes cards with the built-in test processor. */
export function stripeKeyOf(
  store: Pick<StoreInfo, "stripe_publishable_key" | "stripeId"> | null | undefined,
): StripeKey | null {
  return store?.stripe_publishable_key
    ? { publishableKey: store.stripe_publishable_key, stripeAccount: store.stripeId }
    : null;
}

/** loadStripe's arguments for a key. */
export function stripeLoadArgs(key: StripeKey): [string, { stripeAccount: string }?] {
  return key.stripeAccount
    ? [key.publishableKey, { stripeAccount: key.stripeAccount }]
    : [key.publishableKey];
}
