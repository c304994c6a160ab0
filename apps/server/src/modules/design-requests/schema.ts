import type { GardenDesignRequest } from "@storefront/domain";
import { index, jsonb, pgTable } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "../../db/columns.ts";
import { storeColumn } from "../stores/schema.ts";

/**
 * Garden design requests (POST /pbn/layouts): `data` is the request as sent, after validation
 * (the domain's GardenDesignRequest). Read newest first per store by the store's admins.
 */
export const designRequests = pgTable(
  "design_requests",
  {
    id: idColumn(),
    storeId: storeColumn(),
    data: jsonb("data").$type<GardenDesignRequest>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("design_requests_store_created").on(t.storeId, t.createdAt)],
);
