import { z } from "zod";
import { TestCardSchema } from "./checkout-schema.ts";
import { CurrencySchema } from "./money-schema.ts";
import {
  SUBSCRIPTION_INTERVALS,
  SUBSCRIPTION_PAUSE_REASONS,
  SUBSCRIPTION_STATUSES,
} from "./subscription.ts";
import { SUBSCRIPTION_MESSAGES } from "./subscription-messages.ts";

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
  /** Why it is paused; null unless paused. */
  paused_reason: z.enum(SUBSCRIPTION_PAUSE_REASONS).nullable(),
  /** YYYY-MM-DD: the delivery it renews next (while active). */
  next_charge_on: z.string(),
  /** YYYY-MM-DD: when the renewal that failed is tried again; null when none failed. */
  retry_on: z.string().nullable(),
  /** The plans the product offers now: the ones the shopper may change to. */
  plans: z.array(SubscriptionPlanSchema),
  /** The card renewals are charged to. */
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  order_number: z.number().int(),
  created_at: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** GET /api/account/subscriptions, newest first. */
export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionViewSchema) });
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;

/**
 * PATCH /api/account/subscriptions/{id}: the shopper skips the next delivery (its charge date
 * moves one interval on), pauses, resumes, cancels (final), or moves to another of the product's
 * plans (`subscription_id`), which applies from the next renewal.
 */
export const SubscriptionChangeSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("skip") }),
    z.strictObject({ action: z.literal("pause") }),
    z.strictObject({ action: z.literal("resume") }),
    z.strictObject({ action: z.literal("cancel") }),
    z.strictObject({
      action: z.literal("change_plan"),
      subscription_id: z
        .string({ error: SUBSCRIPTION_MESSAGES.planNotFound })
        .trim()
        .min(1, SUBSCRIPTION_MESSAGES.planNotFound)
        .max(40, SUBSCRIPTION_MESSAGES.planNotFound),
    }),
  ],
  { error: SUBSCRIPTION_MESSAGES.action },
);
export type SubscriptionChange = z.infer<typeof SubscriptionChangeSchema>;

/** A subscription's id in a path (one that is not a UUID is one the account does not have). */
export const SubscriptionParamsSchema = z.object({
  id: z.string().max(100, SUBSCRIPTION_MESSAGES.notFound),
});

/** The answer to a change: the subscription as it is now. */
export const SubscriptionAnswerSchema = z.object({ subscription: SubscriptionViewSchema });

/**
 * POST /api/account/subscriptions/{id}/card: a new card for the renewals. With the test processor
 * the card is sent here; with Stripe the body is empty and the answer's `clientSecret` (a
 * SetupIntent's) is confirmed in the browser's Payment Element.
 */
export const SubscriptionCardSchema = z.strictObject({ card: TestCardSchema.optional() });
export type SubscriptionCardRequest = z.infer<typeof SubscriptionCardSchema>;

export const SubscriptionCardAnswerSchema = z.object({
  subscription: SubscriptionViewSchema,
  /** Stripe: the SetupIntent to confirm in the browser; null once the card is kept. */
  clientSecret: z.string().nullable(),
});
