/**
 * The servers the scenarios measure, and what they take: the production store on a data folder
 * of its own (with the embedded PostgreSQL), the node:http reference, and the bench's ports.
 */
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { embeddedUrl } from "../../apps/server/src/db/embedded.ts";
import { type ManagedChild, onCleanUp, runScript, startChild, waitUntilReady } from "./children.ts";
import { progress } from "./format.ts";
import { startHelloWorld } from "./hello-world.ts";
import {
  PORT_BASE,
  READY_TIMEOUT_MS,
  SERVE_ENV,
  SERVE_FLAGS,
  serverMain,
  webBuildDir,
} from "./settings.ts";
import { CHECKOUT_SKU } from "./store-requests.ts";

/** The store and the node:http server every scenario but the large catalogue's runs against. */
export interface BenchServers {
  /** The store's DATA_DIR (its embedded PostgreSQL under postgres/). */
  dataDir: string;
  app: ManagedChild;
  appPort: number;
  appOrigin: string;
  /** How long the store took from its start to its first answer. */
  appReadyMs: number;
  hello: ManagedChild;
  helloOrigin: string;
  /** The product page's answer that the node:http server replays (GET /replay). */
  replayFile: string;
}

/** Ports this bench takes, one after another (settings.ts: PORT_BASE and the 49 after it). */
const PORTS = { next: PORT_BASE, last: PORT_BASE + 49 };
export async function freePort(): Promise<number> {
  while (PORTS.next <= PORTS.last) {
    const port = PORTS.next++;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port left in ${PORT_BASE}-${PORTS.last}`);
}

/**
 * The embedded PostgreSQL of `dataDir` starts on the port of its credentials file when that is
 * free (db/embedded.ts): the bench gives it one of its own ports before the server starts.
 */
async function pinDatabasePort(dataDir: string): Promise<void> {
  const file = path.join(dataDir, "postgres", "credentials.json");
  if (!existsSync(file)) return; // DATABASE_URL: nothing embedded
  const credentials = JSON.parse(await readFile(file, "utf8")) as { port: number };
  credentials.port = await freePort();
  await writeFile(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
}

/** DATABASE_URL, or the URL the store takes to its embedded PostgreSQL (the socket's when it has one); null if neither. */
export async function databaseUrlOf(dataDir: string): Promise<string | null> {
  // The floors replay on the connection the store itself takes (the embedded one's Unix socket).
  return process.env.DATABASE_URL || (await embeddedUrl(dataDir).catch(() => null));
}

/** A new data folder under the system's temporary one, removed when the bench ends. */
export async function newDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  // mkdtemp makes it 0700; run as root, the embedded PostgreSQL runs as the OS user postgres,
  // which must be able to enter it (db/embedded.ts).
  await chmod(dataDir, 0o755);
  onCleanUp(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** The compiled store as `npm run serve` runs it, on `dataDir`, logging warnings only. */
export function startStore(
  name: string,
  dataDir: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): ManagedChild {
  return startChild(name, [...SERVE_FLAGS, serverMain], {
    ...SERVE_ENV,
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ...env,
  });
}

/**
 * Loads the demo stores into a new data folder (with stock for every checkout), then starts the
 * store on it and the node:http server, and waits until both answer.
 */
export async function startBenchServers(): Promise<BenchServers> {
  if (!existsSync(path.join(webBuildDir, "server", "index.js")) || !existsSync(serverMain)) {
    throw new Error(
      `No production build at ${webBuildDir} and ${serverMain}; run \`npm run build\` first.`,
    );
  }
  const dataDir = await newDataDir("bench-storefront-");
  const appPort = await freePort();
  const helloPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const helloOrigin = `http://127.0.0.1:${helloPort}`;

  progress(
    `loading the demo stores into ${dataDir} and stocking ${CHECKOUT_SKU} for the checkouts`,
  );
  await runScript("bench/prepare-stock.ts", [CHECKOUT_SKU], dataDir);
  await pinDatabasePort(dataDir);
  const replayFile = path.join(dataDir, "replay-product.json");

  progress(`starting the production server on port ${appPort} (DATA_DIR ${dataDir})`);
  // One trusted proxy hop: the chat row's requests come from many visitors' addresses.
  const app = startStore("storefront server", dataDir, appPort, { TRUST_PROXY: "1" });
  const hello = startHelloWorld(helloPort, replayFile);
  const appReadyMs = await waitUntilReady(app, `${appOrigin}/api/store`, READY_TIMEOUT_MS);
  await waitUntilReady(hello, `${helloOrigin}/`, READY_TIMEOUT_MS);
  return { dataDir, app, appPort, appOrigin, appReadyMs, hello, helloOrigin, replayFile };
}
