/** What the server answers about subscriptions, and the checkout shows. */
export const SUBSCRIPTION_MESSAGES = {
  planNotFound: "This subscription plan is not offered for this product",
  signInToCheckout:
    "A subscription is kept on your account: sign in or create an account to check out.",
} as const;
