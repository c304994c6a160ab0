import type {
  Currency,
  SubscriptionInterval,
  SubscriptionPauseReason,
  SubscriptionStatus,
} from "@storefront/domain";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { subscriptionPlans } from "../catalog/schema.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/**
 * A signed-in shopper's subscription, started when the order with its line is paid: what is
 * delivered (variant, quantity, price per delivery in the order's currency), on which plan, and
 * when it is next charged.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: idColumn(),
    storeId: storeColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    // FK in migration 0007; importing catalog's schema would close a cycle (catalog imports us).
    variantId: uuid("variant_id"),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    productTitle: text("product_title").notNull(),
    planCode: text("plan_code").notNull(),
    planLabel: text("plan_label").notNull(),
    interval: text("interval").$type<SubscriptionInterval>().notNull(),
    intervalCount: integer("interval_count").notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    quantity: integer("quantity").notNull(),
    /** One delivery's unit price, minor units of `currency`. */
    price: integer("price").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    /** Why a paused subscription is paused: the shopper paused it, or its renewal failed. */
    pausedReason: text("paused_reason").$type<SubscriptionPauseReason>(),
    nextChargeOn: date("next_charge_on", { mode: "string" }).notNull(),
    /** The provider's reusable payment method (and Stripe's customer), for off-session renewals. */
    paymentMethod: text("payment_method"),
    paymentCustomer: text("payment_customer"),
    /** Who keeps the saved card: the processor and the store's Stripe account it is on. */
    paymentProvider: text("payment_provider").$type<"test" | "stripe">(),
    paymentAccount: text("payment_account"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** Renewals of the current period that failed, and the day the next try is due. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    retryOn: date("retry_on", { mode: "string" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // One subscription per paid order line: completing an order twice cannot start two.
    unique("subscriptions_order_line").on(t.orderLineId),
    index("subscriptions_store_user").on(t.storeId, t.userId, t.createdAt),
    check("subscriptions_interval", sql`${t.interval} in ('week', 'month')`),
    check("subscriptions_quantity", sql`${t.quantity} >= 1 and ${t.intervalCount} >= 1`),
    check("subscriptions_price", sql`${t.price} >= 0`),
    check("subscriptions_currency", sql`${t.currency} in ('usd', 'cad')`),
    check("subscriptions_status", sql`${t.status} in ('active', 'paused', 'cancelled')`),
    check("subscriptions_failed_attempts", sql`${t.failedAttempts} >= 0`),
    index("subscriptions_due").on(t.nextChargeOn).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * What happened to a subscription, who did it and when: the shopper's skips, pauses, interval
 * changes and cancellation, and each renewal's outcome. Kept as long as the subscription.
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: idColumn(),
    storeId: storeColumn(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    actor: text("actor").$type<"shopper" | "renewal">().notNull(),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("subscription_events_subscription").on(t.subscriptionId, t.createdAt),
    check("subscription_events_actor", sql`${t.actor} in ('shopper', 'renewal')`),
  ],
);
