import type { UserType } from "@storefront/domain";
import { sql } from "drizzle-orm";
import {
  check,
  date,
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
import { storeColumn } from "../stores/schema.ts";

/**
 * Shopper accounts, one set per store: the same email may hold an account in each store. `email`
 * is stored trimmed and lower-cased; `password_hash` is an argon2id string and never leaves the
 * server. Amounts (commission) are minor units.
 */
export const users = pgTable(
  "users",
  {
    id: idColumn(),
    storeId: storeColumn(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthday: date("birthday", { mode: "string" }),
    userType: text("user_type").$type<UserType>().notNull().default("customer"),
    /**
     * A trade account's resale certificate on file (its number, as the store checked it): its
     * trade orders are then tax-exempt.
     */
    resaleCertificate: text("resale_certificate"),
    pointsBalance: integer("points_balance").notNull().default(0),
    discountCode: text("discount_code").notNull(),
    discountPercentage: integer("discount_percentage").notNull().default(10),
    commissionPercentage: integer("commission_percentage"),
    commissionAmount: integer("commission_amount").notNull().default(0),
    eventsTriggered: jsonb("events_triggered").$type<unknown[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique("users_store_email").on(t.storeId, t.email),
    unique("users_store_discount_code").on(t.storeId, t.discountCode),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_user_type", sql`${t.userType} in ('customer', 'wholesale', 'admin')`),
    check("users_points_balance", sql`${t.pointsBalance} >= 0`),
    check("users_discount_percentage", sql`${t.discountPercentage} between 0 and 100`),
    check(
      "users_commission",
      sql`(${t.commissionPercentage} is null or ${t.commissionPercentage} between 0 and 100) and ${t.commissionAmount} >= 0`,
    ),
  ],
);

/**
 * Signed-in sessions, server-side. The cookie holds a random token; only its SHA-256 is stored,
 * so a copy of this table signs nobody in. A session belongs to one store.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    storeId: storeColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_user").on(t.userId)],
);

/** Password-reset tokens: stored as SHA-256, single-use (`used_at`), valid until `expires_at`. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: idColumn(),
    storeId: storeColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash").on(t.tokenHash),
    index("password_reset_tokens_user").on(t.userId),
  ],
);

/**
 * Browsers an account has signed in on: the `sf_device` cookie holds a random token, this table its
 * SHA-256. With the right password, a known browser still signs in while the account's failed
 * sign-ins have reached their limit (someone else guessing), so guessing cannot lock the owner out.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: idColumn(),
    storeId: storeColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("trusted_devices_token_hash").on(t.tokenHash),
    index("trusted_devices_user").on(t.userId),
  ],
);

/**
 * Registrations waiting for their email to be confirmed: the account is created from the row
 * when the link in the confirmation mail is opened (token stored as SHA-256, valid until
 * `expires_at`); the row is deleted then, or swept once expired.
 */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: idColumn(),
    storeId: storeColumn(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthday: date("birthday", { mode: "string" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("pending_registrations_token_hash").on(t.tokenHash),
    index("pending_registrations_store_email").on(t.storeId, t.email),
    index("pending_registrations_expires").on(t.expiresAt),
    check("pending_registrations_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);
