// The child process of prepareDatabaseApart (prepare.ts): migrates the database and pg-boss's
// tables and loads the demo stores and their images (with LOAD_DEMO_DATA), tells its parent how
// it went, and exits.
import { mkdir } from "node:fs/promises";
import { loadConfig } from "../config.ts";
import { prepareJobQueue } from "../jobs/runner.ts";
import { drawStoreImages, openMediaStore } from "../modules/media/index.ts";
import type { PrepareReport } from "./prepare.ts";
import { DEMO_STORES, loadDemoStores } from "./seed/index.ts";
import { openDatabaseAtStart, StartupError } from "./start.ts";

function tell(report: PrepareReport): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) throw new Error("prepare-child runs forked by prepareDatabaseApart");
    process.send(report, () => resolve());
  });
}

try {
  const config = loadConfig();
  const database = await openDatabaseAtStart(config, { onRetry: (line) => console.error(line) });
  await prepareJobQueue(database.url);
  if (!config.mediaS3) await mkdir(config.mediaDir, { recursive: true });
  if (config.loadDemoData) {
    await loadDemoStores(database.acrossStores);
    await drawStoreImages(openMediaStore(config), DEMO_STORES);
  }
  await database.close();
  await tell({ ok: true });
  process.exit(0);
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  await tell({ startupError: error.message });
  process.exit(1);
}
