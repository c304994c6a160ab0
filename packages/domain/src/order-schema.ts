import { z } from "zod";
import { BundleContentSchema } from "./cart-schema.ts";
import { COUNTRIES } from "./checkout.ts";
import { TaxLineSchema } from "./checkout-schema.ts";
import { CurrencySchema } from "./money-schema.ts";
import { ORDER_MESSAGES, ORDER_STATUSES } from "./order.ts";
import { SubscriptionPlanSchema } from "./subscription-schema.ts";

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/** The shipping address of an order (and of the checkout form), as stored and answered. */
export const OrderAddressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.enum(COUNTRIES),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** One line of an order; prices as they were when placed. */
export const OrderLineSchema = z.object({
  sku: z.string(),
  handle: z.string(),
  title: z.string(),
  attributes: z.record(z.string(), z.string()),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  /** The plan a subscription line was bought on; null for a one-time purchase. */
  subscription: SubscriptionPlanSchema.nullable(),
  /** What one of a bundle line held; null for any other line. */
  contents: z.array(BundleContentSchema).nullable(),
});

/** GET /api/orders/{number}: an order as its buyer reads it; prices as they were when placed. */
export const OrderViewSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  address: OrderAddressSchema,
  currency: CurrencySchema,
  lines: z.array(OrderLineSchema),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  discountCode: z.string().nullable(),
  /** The loyalty points the buyer spent on the order, and what they took off. */
  pointsSpent: z.number().int(),
  pointsDiscount: z.number().int(),
  /** False when nothing in the order is shipped: `address` then holds only what tax needed. */
  requiresShipping: z.boolean(),
  shippingLabel: z.string(),
  shippingAmount: z.number().int(),
  taxLines: z.array(TaxLineSchema),
  taxAmount: z.number().int(),
  total: z.number().int(),
  payment: z.object({
    provider: z.enum(["test", "stripe"]),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
  }),
  pointsEarned: z.number().int(),
  failureMessage: z.string().nullable(),
  /** Set once the store sent the order: when, with whom, and the carrier's tracking number. */
  shipment: z
    .object({ shippedAt: z.string(), carrier: z.string(), trackingNumber: z.string() })
    .nullable(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/** One row of GET /api/account/orders. */
export const OrderSummarySchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  currency: CurrencySchema,
  total: z.number().int(),
  itemCount: z.number().int(),
  pointsEarned: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** GET /api/account/orders, newest first. */
export const OrderListSchema = z.object({ orders: z.array(OrderSummarySchema) });
export type OrderList = z.infer<typeof OrderListSchema>;

/**
 * The answer of POST /api/checkout: the order placed, and the key that reads it without an
 * account; `awaiting_payment` also carries the client secret Stripe confirms in the browser.
 * It lives here rather than in checkout-schema.ts because it holds an OrderView, and
 * order-schema.ts already reads checkout-schema.ts (tax lines): no import cycle.
 */
export const PlacedOrderSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("paid"), order: OrderViewSchema, accessKey: z.string() }),
  z.object({
    status: z.literal("awaiting_payment"),
    order: OrderViewSchema,
    accessKey: z.string(),
    clientSecret: z.string(),
  }),
]);
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

/** GET /api/orders/{number}: the order's number in the path, and the emailed key (a guest's). */
export const OrderParamsSchema = z.object({
  number: z.coerce
    .number({ error: ORDER_MESSAGES.numberNotANumber })
    .int(ORDER_MESSAGES.numberNotWhole)
    .min(1, ORDER_MESSAGES.numberNotWhole)
    .max(2_147_483_647, ORDER_MESSAGES.numberTooLarge),
});
export const OrderKeyQuerySchema = z.object({
  key: z.string().max(100, ORDER_MESSAGES.keyTooLong).optional(),
});

/** The answer to a Stripe webhook: received, and what applying the event did. */
export const PaymentWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.string(),
});
