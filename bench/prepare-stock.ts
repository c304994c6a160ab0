/**
 * Prepares the benchmark's database before the server starts: migrates it, loads the demo stores
 * and gives the checkout benchmark's variant enough stock for every order it places. The embedded
 * database under DATA_DIR, or PostgreSQL when DATABASE_URL is set (as for the server).
 *
 *   DATA_DIR=/tmp/x node --import tsx bench/prepare-stock.ts SKU
 *   DATABASE_URL=postgres://… DATA_DIR=/tmp/x node --import tsx bench/prepare-stock.ts SKU
 */
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/index.ts";
import { variants } from "../apps/server/src/db/schema.ts";
import { loadDemoStores } from "../apps/server/src/db/seed/index.ts";

const dataDir = process.env.DATA_DIR;
const sku = process.argv[2];
if (!dataDir || !sku) throw new Error("usage: DATA_DIR=… prepare-stock.ts SKU");

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl ? { databaseUrl, dataDir: null } : { dataDir: `${dataDir}/pglite` },
);
await loadDemoStores(database.db);
await database.db
  .update(variants)
  .set({ stock: 10_000_000 })
  .where(and(eq(variants.storeId, "pet-remedies"), eq(variants.sku, sku)));
await database.close();
