import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/** Amounts per currency in minor units, for codes that name a fixed amount or a cap. */
export type AmountsByCurrency = { usd?: number; cad?: number };

/**
 * Discount codes (spec section 5). `code` is stored lower-case so look-ups are case-insensitive;
 * `amounts` is the fixed discount_amount and `caps` the max_redeemable_amount, per currency.
 * `redemptions` only grows when an order is paid, with a guard in the statement.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: idColumn(),
    storeId: storeColumn(),
    code: text("code").notNull(),
    discountPercentage: integer("discount_percentage"),
    amounts: jsonb("amounts").$type<AmountsByCurrency>().notNull().default({}),
    caps: jsonb("caps").$type<AmountsByCurrency>().notNull().default({}),
    maxRedemptions: integer("max_redemptions").notNull(),
    redemptions: integer("redemptions").notNull().default(0),
    /** One order per customer (by account and by normalised email), e.g. a welcome code. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    active: boolean("active").notNull().default(true),
    /** The store shares it with anyone who asks (the chatbot tells shoppers about it). */
    public: boolean("public").notNull().default(false),
    /** Set on an account's personal code: orders placed with it earn that account commission. */
    affiliateUserId: uuid("affiliate_user_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    /** From this moment the code is refused, and a cart holding it loses it; null: no end. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("discount_codes_store_code").on(t.storeId, t.code),
    check("discount_codes_code_lower_case", sql`${t.code} = lower(${t.code})`),
    check(
      "discount_codes_percentage",
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`,
    ),
    check("discount_codes_redemptions", sql`${t.redemptions} >= 0 and ${t.maxRedemptions} >= 0`),
  ],
);

/**
 * One customer's use of a code limited per customer: one row per order and customer key
 * (`user:<id>` and `email:<normalised email>`), so the unique index refuses a second use by
 * account or by address in the order's own transaction, even under concurrent checkouts.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    customerKey: text("customer_key").notNull(),
    orderId: uuid("order_id").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.customerKey] })],
);
