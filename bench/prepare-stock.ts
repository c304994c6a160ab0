/**
 * Prepares the benchmark's database before the server starts: migrates it, loads the demo stores
 * and gives the checkout benchmark's variant enough stock for every order it places. The embedded
 * database under DATA_DIR, or PostgreSQL when DATABASE_URL is set (as for the server).
 *
 *   DATA_DIR=/tmp/x node --import tsx bench/prepare-stock.ts SKU
 *   DATABASE_URL=postgres://… DATA_DIR=/tmp/x node --import tsx bench/prepare-stock.ts SKU
 */
import { and, eq } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/index.ts";
import { variants } from "../apps/server/src/db/schema.ts";
import { loadDemoStores } from "../apps/server/src/db/seed/index.ts";
import { databaseServer } from "../apps/server/src/db/start.ts";

const dataDir = process.env.DATA_DIR;
const sku = process.argv[2];
if (!dataDir || !sku) throw new Error("usage: DATA_DIR=… prepare-stock.ts SKU");

// DATABASE_URL's, else the embedded PostgreSQL of DATA_DIR (started for this run if it is not running).
const server = await databaseServer(loadConfig(), "command");
const database = await openDatabase({ databaseUrl: server.url });
await loadDemoStores(database.acrossStores);
await database.acrossStores
  .update(variants)
  .set({ stock: 10_000_000 })
  .where(and(eq(variants.storeId, "pet-remedies"), eq(variants.sku, sku)));
await database.close();
await server.stop();
