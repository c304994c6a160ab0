/** What the server answers about subscriptions, and the checkout shows. */
export const SUBSCRIPTION_MESSAGES = {
  planNotFound: "This subscription plan is not offered for this product",
  notFound: "This subscription was not found on your account.",
  cancelled:
    "This subscription is cancelled. To receive this product again, subscribe on its page.",
  skipNotActive: "Only an active subscription can skip a delivery. Resume it first.",
  pausedAlready: "This subscription is paused already.",
  activeAlready: "This subscription is active already.",
  renewing: "This subscription's renewal is being charged right now. Try again in a minute.",
  noCard:
    "No card is kept for this subscription, so it cannot be renewed. To receive this product again, subscribe on its page.",
  cardNeeded: "Enter your card details.",
  cardInBrowser: "Card details are taken by the secure card form, not sent to this store.",
  samePlan: "This subscription is on that plan already.",
  action: "Choose skip, pause, resume, cancel or change_plan.",
  signInToCheckout:
    "A subscription is kept on your account: sign in or create an account to check out.",
} as const;
