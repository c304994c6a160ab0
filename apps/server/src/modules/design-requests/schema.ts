import type { GardenDesignRequest } from "@storefront/domain";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stores } from "../stores/schema.ts";

/**
 * Garden design requests (POST /pbn/layouts): `data` is the request as sent, after validation
 * (the domain's GardenDesignRequest). Read newest first per store by the store's admins.
 */
export const designRequests = pgTable(
  "design_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<GardenDesignRequest>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("design_requests_store_created").on(t.storeId, t.createdAt)],
);
