import type { CartStatus, Currency } from "@storefront/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { subscriptionPlans, variants } from "../catalog/schema.ts";
import { discountCodes } from "../discounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/**
 * A cart belongs to a guest's session (`session_id`, the cookie) or to an account (`user_id`),
 * never both. One open cart (not yet purchased) per store and owner; a purchased cart stays for
 * the order's history and the next add opens a new one.
 */
export const carts = pgTable(
  "carts",
  {
    id: idColumn(),
    storeId: storeColumn(),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    currency: text("currency").$type<Currency>().notNull().default("usd"),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, {
      onDelete: "set null",
    }),
    status: text("status").$type<CartStatus>().notNull().default("empty"),
    /** When the page was left with the cart full (status `abandoned`); null otherwise. */
    abandonedAt: timestamp("abandoned_at", { withTimezone: true }),
    /** The store's origin the visitor left from: where the recovery email's links point. */
    recoveryOrigin: text("recovery_origin"),
    /** When its one recovery email was sent (a cart is reminded once). */
    recoveryEmailedAt: timestamp("recovery_emailed_at", { withTimezone: true }),
    /** Tries to send it: a send that fails is tried again, three times at most. */
    recoveryAttempts: integer("recovery_attempts").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("carts_store_abandoned")
      .on(t.storeId, t.abandonedAt)
      .where(sql`${t.status} = 'abandoned'`),
    uniqueIndex("carts_store_session_open")
      .on(t.storeId, t.sessionId)
      .where(sql`${t.status} <> 'purchased'`),
    uniqueIndex("carts_store_user_open")
      .on(t.storeId, t.userId)
      .where(sql`${t.status} <> 'purchased' and ${t.userId} is not null`),
    check("carts_owner", sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
    check("carts_currency", sql`${t.currency} in ('usd', 'cad')`),
    check("carts_status", sql`${t.status} in ('empty', 'active', 'abandoned', 'purchased')`),
  ],
);

/**
 * Cart lines: quantity and order only; prices are always read from variant_prices (and the
 * plan's percentage). A line is a variant bought once (`plan_id` null) or on one plan, so one
 * cart holds at most one line per variant and plan.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: idColumn(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    /** A bundle line's chosen variants (ids, sorted, one per slot); [] for any other line. */
    selection: jsonb("selection").$type<string[]>().notNull().default([]),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one plain line (plan null) per variant too; a bundle once per selection.
    unique("cart_lines_cart_variant_plan_selection")
      .on(t.cartId, t.variantId, t.planId, t.selection)
      .nullsNotDistinct(),
    check("cart_lines_quantity", sql`${t.quantity} between 1 and 19`),
  ],
);

/** Cart events (spec section 4): what the shopper did, for analytics and abandonment reports. */
export const cartEvents = pgTable(
  "cart_events",
  {
    id: idColumn(),
    storeId: text("store_id").notNull(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    sku: text("sku"),
    quantity: integer("quantity"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("cart_events_cart").on(t.cartId, t.createdAt),
    check(
      "cart_events_type",
      sql`${t.type} in ('item_added', 'item_quantity_updated', 'item_removed', 'cart_emptied')`,
    ),
  ],
);
