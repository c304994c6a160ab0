import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Payment webhooks already applied, by the provider's event id: a replay applies nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
