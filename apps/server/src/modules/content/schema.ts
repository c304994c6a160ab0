import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { updatedAtColumn } from "../../db/columns.ts";
import { storeColumn } from "../stores/schema.ts";

/** JSON documents per store: kind 'master' (pages) and 'layout' (chatbot.json, …). */
export const documents = pgTable(
  "documents",
  {
    storeId: storeColumn(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.name] }),
    check("documents_kind", sql`${t.kind} in ('master', 'layout')`),
  ],
);
