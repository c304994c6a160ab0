import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";

/**
 * The PostgreSQL server of the test run: TEST_DATABASE_URL when it is set (`.ci/run` sets it to
 * the machine's at 127.0.0.1:5432 when one answers), else an embedded one started here, in a
 * folder of its own, and stopped and removed once the run is over. Each suite makes its own
 * database on it (test/helper.ts); the workers inherit the URL.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-test-pg-"));
  // Under root PostgreSQL runs as its own OS user, who must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, role: "server" });
  // The suites connect to the server's maintenance database to create their own, over TCP: the
  // outage tests put a TCP proxy between a store and it.
  process.env.TEST_DATABASE_URL = embedded.tcpUrl.replace(/\/storefront$/, "/postgres");
  console.log(`API tests on an embedded PostgreSQL started for the run (${dataDir})`);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
