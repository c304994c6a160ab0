// The database's tables, as Drizzle and drizzle-kit read them: each module's in its own
// schema.ts, re-exported here, then the tables no module owns (lib/ writes them: the server's
// secrets, the mail outbox, the admin audit). Every row that belongs to a store carries
// store_id; every query filters on it. A few foreign keys that would make the modules import
// each other in a cycle are in the migrations only (each marked "FK in migration NNNN"), so
// drizzle-kit generate proposes dropping them: leave those statements out of a new migration.
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "../modules/accounts/schema.ts";
import { storeColumn } from "../modules/stores/schema.ts";
import { createdAtColumn, idColumn } from "./columns.ts";

export * from "../modules/accounts/schema.ts";
export * from "../modules/analytics/schema.ts";
export * from "../modules/cart/schema.ts";
export * from "../modules/catalog/schema.ts";
export * from "../modules/chat/schema.ts";
export * from "../modules/content/schema.ts";
export * from "../modules/design-requests/schema.ts";
export * from "../modules/discounts/schema.ts";
export * from "../modules/orders/schema.ts";
export * from "../modules/payments/schema.ts";
export * from "../modules/platform/schema.ts";
export * from "../modules/reviews/schema.ts";
export * from "../modules/search/schema.ts";
export * from "../modules/stores/schema.ts";
export * from "../modules/subscriptions/schema.ts";
export * from "../modules/trade/schema.ts";

/**
 * Secrets the server makes for itself on first start and every instance shares (the key that
 * signs guest session cookies when SESSION_SECRET is not set).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAtColumn(),
});

/** Mail written here instead of sent when no SMTP_URL is set (development, trying the store). */
export const outbox = pgTable(
  "outbox",
  {
    id: idColumn(),
    storeId: storeColumn(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("outbox_store_created").on(t.storeId, t.createdAt)],
);

/**
 * Every write of a store's admins: who (the account, and its email as it was), what (an action
 * and its target), when, and the target's state before and after. Kept with the store.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: idColumn(),
    storeId: storeColumn(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("admin_audit_store_created").on(t.storeId, t.createdAt)],
);
