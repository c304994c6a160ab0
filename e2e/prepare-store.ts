/**
 * Prepares the browser tests' database before their server starts: loads the demo stores, and
 * makes the hemp store send its cart reminders as soon as a cart is abandoned (its recovery delay
 * 0 minutes instead of 60), so a test can follow a reminder from the abandoned cart to its link.
 * It also makes a platform operator, ops@platform.test, and writes the link to choose its password
 * (as `npm run platform:operator` prints it) to DATA_DIR/operator-link.txt.
 * It runs on the store's own database, the embedded PostgreSQL in DATA_DIR, as the server will;
 * the server then finds the stores loaded and only draws their images.
 *
 *   DATA_DIR=/tmp/x node --import tsx e2e/prepare-store.ts
 */
import { writeFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/index.ts";
import { stores } from "../apps/server/src/db/schema.ts";
import { loadDemoStores } from "../apps/server/src/db/seed/index.ts";
import { databaseServer } from "../apps/server/src/db/start.ts";
import { operatorLink } from "../apps/server/src/modules/platform/operators.ts";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("usage: DATA_DIR=… prepare-store.ts");
const server = await databaseServer(loadConfig(), "command");
const database = await openDatabase({ databaseUrl: server.url });
await loadDemoStores(database.acrossStores);
await database.acrossStores
  .update(stores)
  .set({
    analyticsSettings: sql`jsonb_set(${stores.analyticsSettings}, '{recoveryDelayMinutes}', '0')`,
  })
  .where(eq(stores.id, "hemp-nutrition"));
await writeFile(
  `${dataDir}/operator-link.txt`,
  await operatorLink(database.acrossStores, "ops@platform.test"),
);
await database.close();
await server.stop();
