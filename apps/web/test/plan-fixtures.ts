import type { SubscriptionPlan } from "@storefront/domain";

/** The demo remedies' plans: every month at 10% off, every 2 months at 5% off. */
export const monthly: SubscriptionPlan = {
  subscription_id: "monthly",
  label: "Deliver every month",
  interval: "month",
  interval_count: 1,
  discount_percentage: 10,
};

export const everyTwoMonths: SubscriptionPlan = {
  subscription_id: "every-2-months",
  label: "Deliver every 2 months",
  interval: "month",
  interval_count: 2,
  discount_percentage: 5,
};
