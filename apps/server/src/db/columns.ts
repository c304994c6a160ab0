// Columns many tables share, spelled once: each call makes a new column builder (a table
// cannot share one), with the same SQL type, default and constraint as when spelled in place.
// A store's rows' store_id is storeColumn() in modules/stores/schema.ts.
import { timestamp, uuid } from "drizzle-orm/pg-core";

/** The row's own id: a random uuid the database draws. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made: the database's clock at insert. */
export const createdAtColumn = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: the database's clock at insert; updates set it themselves. */
export const updatedAtColumn = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
