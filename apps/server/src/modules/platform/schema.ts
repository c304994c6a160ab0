import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "../../db/columns.ts";

/**
 * The platform's operators: they open and disable stores at /platform on PLATFORM_HOST and
 * belong to no store. The password is null until the operator's first link sets it.
 */
export const platformOperators = pgTable(
  "platform_operators",
  {
    id: idColumn(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("platform_operators_email").on(t.email),
    check("platform_operators_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

/** An operator's sign-in (the `sf_platform` cookie's SHA-256) and its single-use password links. */
export const platformTokens = pgTable(
  "platform_tokens",
  {
    id: idColumn(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => platformOperators.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"session" | "password">().notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("platform_tokens_token_hash").on(t.tokenHash),
    index("platform_tokens_operator").on(t.operatorId),
    check("platform_tokens_kind", sql`${t.kind} in ('session', 'password')`),
  ],
);
