import { z } from "zod";
import { CurrencySchema } from "./money-schema.ts";
import { SUBSCRIPTION_INTERVALS, SUBSCRIPTION_STATUSES } from "./subscription.ts";

/**
 * A plan a product offers, as the API answers it: in a product, a cart line, an order line and a
 * subscription. `subscription_id` is the plan's code ("monthly"), unique per product: with the
 * sku it names a cart line's plan.
 */
export const SubscriptionPlanSchema = z.object({
  subscription_id: z.string(),
  /** What the shopper is promised, e.g. "Deliver every month". */
  label: z.string(),
  interval: z.enum(SUBSCRIPTION_INTERVALS),
  interval_count: z.number().int(),
  discount_percentage: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** A subscription line's plan as the cart answers it, priced in the cart's currency. */
export const CartLineSubscriptionSchema = SubscriptionPlanSchema.extend({
  subscription_price: z.number().int(),
});
export type CartLineSubscription = z.infer<typeof CartLineSubscriptionSchema>;

/** One of a signed-in shopper's subscriptions (GET /api/account/subscriptions). */
export const SubscriptionViewSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  sku: z.string(),
  handle: z.string(),
  title: z.string(),
  attributes: z.record(z.string(), z.string()),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  /** One delivery's unit price, minor units of `currency`. */
  price: z.number().int(),
  currency: CurrencySchema,
  subscription: SubscriptionPlanSchema,
  /** YYYY-MM-DD. */
  next_charge_on: z.string(),
  order_number: z.number().int(),
  created_at: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** GET /api/account/subscriptions, newest first. */
export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionViewSchema) });
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;
