import { mkdir } from "node:fs/promises";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { DEMO_STORES, loadDemoStores } from "./db/seed/index.ts";
import { ensureDemoMedia } from "./db/seed/media.ts";
import { openDatabaseAtStart, StartupError } from "./db/start.ts";

async function start(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabaseAtStart(config, {
    onRetry: (line) => console.error(line),
  });
  await mkdir(config.mediaDir, { recursive: true });
  if (config.loadDemoData) {
    await loadDemoStores(database.db);
    await ensureDemoMedia(config.mediaDir, DEMO_STORES);
  }
  const app = await buildApp({ config, db: database.db });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Store ready at http://localhost:${config.port} (${database.engine})`);
}

try {
  await start();
} catch (error) {
  // A setting or the database stops start-up with one line that says which; no stack trace.
  const known = error instanceof StartupError || /^Invalid settings:/.test(String(error));
  if (!known) throw error;
  console.error((error as Error).message);
  process.exit(1);
}
