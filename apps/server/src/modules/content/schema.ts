import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/schema.ts";

/** JSON documents per store: kind 'master' (pages) and 'layout' (chatbot.json, …). */
export const documents = pgTable(
  "documents",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.name] }),
    check("documents_kind", sql`${t.kind} in ('master', 'layout')`),
  ],
);
