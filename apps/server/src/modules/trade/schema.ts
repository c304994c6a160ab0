import type { TradeApplication, TradeStatus } from "@storefront/domain";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/**
 * Applications to become a store's trade (wholesale) partner, from the form on its trade page:
 * pending until an admin approves one, which makes (or upgrades) the applicant's account a
 * wholesale one (`user_id`). `data` is the form as validated (TradeApplicationSchema).
 */
export const wholesaleApplications = pgTable(
  "wholesale_applications",
  {
    id: idColumn(),
    storeId: storeColumn(),
    data: jsonb("data").$type<TradeApplication>().notNull(),
    status: text("status").$type<TradeStatus>().notNull().default("pending"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("wholesale_applications_store_created").on(t.storeId, t.createdAt),
    check("wholesale_applications_status", sql`${t.status} in ('pending', 'approved')`),
  ],
);
