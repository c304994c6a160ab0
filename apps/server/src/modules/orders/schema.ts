import type {
  Currency,
  OrderAddress,
  OrderBundleContent,
  OrderStatus,
  SubscriptionPlan,
  TaxLine,
} from "@storefront/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/** Order numbers: one sequence for every store, so a number never repeats. */
export const orderNumbers = pgSequence("order_numbers", { startWith: 1001 });

/**
 * An order: placed from a cart with its prices frozen. `awaiting_payment` holds its stock (and
 * its code's redemption) until `hold_expires_at`; `paid` is final; `declined`, `expired` and
 * `canceled` gave their stock back. One order per store and Idempotency-Key.
 */
export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    storeId: storeColumn(),
    number: integer("number").notNull().default(sql`nextval('order_numbers')`),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // FK in migration 0004; importing cart's schema would close a cycle (cart → … → orders).
    cartId: uuid("cart_id"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    subtotal: integer("subtotal").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    // FK in migration 0004 (on delete set null); importing discounts' schema would close a cycle
    // (discounts' admin report reads orders through their face).
    discountCodeId: uuid("discount_code_id"),
    discountCode: text("discount_code"),
    /** The loyalty points the buyer spent on the order (held with it, given back if it ends unpaid). */
    pointsSpent: integer("points_spent").notNull().default(0),
    pointsDiscount: integer("points_discount").notNull().default(0),
    /** The affiliate whose personal code the order used. */
    affiliateUserId: uuid("affiliate_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    shippingOptionId: text("shipping_option_id").notNull(),
    shippingLabel: text("shipping_label").notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    taxLines: jsonb("tax_lines").$type<TaxLine[]>().notNull().default([]),
    taxAmount: integer("tax_amount").notNull(),
    total: integer("total").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    paymentProvider: text("payment_provider").notNull(),
    /** The store's connected Stripe account the payment was made on; null: none (test, platform). */
    paymentAccount: text("payment_account"),
    paymentReference: text("payment_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    failureMessage: text("failure_message"),
    /** SHA-256 of the key in the confirmation email's link (guests read their order with it). */
    accessKeyHash: text("access_key_hash").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    pointsEarned: integer("points_earned").notNull().default(0),
    /** Bought by a trade account at trade prices: it earns no loyalty points. */
    tradePrices: boolean("trade_prices").notNull().default(false),
    commissionAmount: integer("commission_amount").notNull().default(0),
    /** The payment keeps the card for the subscriptions the order starts (charged off-session). */
    savesPaymentMethod: boolean("saves_payment_method").notNull().default(false),
    /** The subscription this order renews (a renewal order starts no subscription of its own). */
    // FK in migration 0036; importing subscriptions' schema would close a cycle (it imports ours).
    renewalOf: uuid("renewal_of"),
    /** What the store gave back of the payment so far (refunds that succeeded), in minor units. */
    /**
     * Set by the database when the order is paid: its buyer (by lower-cased email) had no paid
     * order in the store before. The dashboard's new and returning customers.
     */
    firstOrder: boolean("first_order").notNull().default(false),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** A refund put the order's items back in stock (once per order). */
    restocked: boolean("restocked").notNull().default(false),
    /** When the store marked the order shipped, with whom and under which tracking number. */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique("orders_number").on(t.number),
    unique("orders_store_idempotency_key").on(t.storeId, t.idempotencyKey),
    index("orders_store_user").on(t.storeId, t.userId, t.createdAt),
    index("orders_store_email").on(t.storeId, t.email),
    index("orders_awaiting_payment")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index("orders_cart_awaiting_payment").on(t.cartId).where(sql`${t.status} = 'awaiting_payment'`),
    // The admin's lists and dashboard: orders placed, and paid, in a range; a buyer's earlier ones.
    index("orders_store_created").on(t.storeId, t.createdAt),
    index("orders_store_paid").on(t.storeId, t.paidAt).where(sql`${t.status} = 'paid'`),
    index("orders_store_buyer_paid")
      .on(t.storeId, sql`lower(${t.email})`, t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    uniqueIndex("orders_payment_reference").on(t.paymentProvider, t.paymentReference),
    check("orders_currency", sql`${t.currency} in ('usd', 'cad')`),
    check(
      "orders_status",
      sql`${t.status} in ('awaiting_payment', 'paid', 'declined', 'expired', 'canceled')`,
    ),
    check(
      "orders_amounts",
      sql`${t.subtotal} >= 0 and ${t.discountAmount} >= 0 and ${t.shippingAmount} >= 0 and ${t.taxAmount} >= 0 and ${t.total} >= 0`,
    ),
    check("orders_points", sql`${t.pointsSpent} >= 0 and ${t.pointsDiscount} >= 0`),
    check("orders_refunded", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
  ],
);

/**
 * A store admin's refund of (part of) a paid order: written `pending` before the processor is
 * asked (under the key `refund-{id}`), then `succeeded` with the order's refunded amount in one
 * transaction, or `failed`. The admin's Idempotency-Key makes a repeated request the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: idColumn(),
    storeId: storeColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    restock: boolean("restock").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    failureMessage: text("failure_message"),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    unique("order_refunds_store_key").on(t.storeId, t.idempotencyKey),
    index("order_refunds_order").on(t.orderId, t.createdAt),
    check("order_refunds_amount", sql`${t.amount} > 0`),
    check("order_refunds_status", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** An order's lines, with the price, title and attributes as they were when it was placed. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    // FKs in migration 0004; importing catalog's schema would close a cycle (catalog → … → orders).
    variantId: uuid("variant_id"),
    productId: uuid("product_id"),
    sku: text("sku").notNull(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull(),
    imageUrl: text("image_url"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    lineTotal: integer("line_total").notNull(),
    position: integer("position").notNull().default(0),
    /** A subscription line's plan; its terms as they were are kept in `subscription`. */
    // FK in migration 0007; importing subscriptions' schema would close a cycle (it imports ours).
    planId: uuid("plan_id"),
    subscription: jsonb("subscription").$type<SubscriptionPlan>(),
    /** A bundle line's chosen variants (ids, sorted), as its cart line named them; else []. */
    selection: jsonb("selection").$type<string[]>().notNull().default([]),
    /** What one of a bundle line held, as it was; its stock was taken; null otherwise. */
    contents: jsonb("contents").$type<OrderBundleContent[]>(),
  },
  (t) => [
    index("order_lines_order").on(t.orderId),
    index("order_lines_store_product").on(t.storeId, t.productId),
    check("order_lines_quantity", sql`${t.quantity} >= 1`),
  ],
);
