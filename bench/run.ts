/**
 * Storefront benchmark: throughput per route (compared with a bare node:http server in the same
 * run), the gzipped JavaScript a product page loads, and Lighthouse scores.
 *
 * Benchmarks print figures; they do not pass or fail. This exits non-zero only when a part could
 * not run (server did not start, a load test or Lighthouse run threw, a page could not be fetched).
 *
 *   npm run bench -w @storefront/bench
 *   BENCH_DURATION=5 BENCH_SKIP_LIGHTHOUSE=1 npm run bench -w @storefront/bench
 *   BENCH_LARGE_CATALOG=0 npm run bench   # without the search rows on 50,000 generated products
 *   BENCH_ONLY="instant search" npm run bench   # only the parts whose names contain the text
 *   BENCH_PORT_BASE=4800 npm run bench   # ports 4800-4849 instead of 4700-4749
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import zlib, { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import autocannon, { type Result as LoadResult } from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { embeddedUrl } from "../apps/server/src/db/embedded.ts";
import {
  type FloorResult as FloorRow,
  type FlowTemplate,
  recordFlow,
  replayFlow,
} from "./write-floor.ts";

// ---------------------------------------------------------------------------------------------
// Settings

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, "..");
const resultsDir = path.join(benchDir, "results");
const resultsFile = path.join(resultsDir, "latest.json");
const webBuildDir = path.join(repoRoot, "apps", "web", "build");
/** The compiled server `npm start` runs (apps/server/scripts/build.ts)… */
const serverMain = path.join(repoRoot, "apps", "server", "dist", "main.js");
/** …with the environment of `npm run serve` (package.json): glibc's malloc in two arenas… */
const SERVE_ENV = { MALLOC_ARENA_MAX: "2" };
/** …and its V8 flags. */
const SERVE_FLAGS = [
  `--max-old-space-size=${process.env.NODE_HEAP_MB ?? "128"}`,
  "--max-semi-space-size=4",
  ...(process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []),
];

const CONNECTIONS = 10;
/** Back-to-back pairs of (the same bytes from memory, the product page); the median is reported. */
const PAIRS = 3;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = readDuration(process.env.BENCH_DURATION);
const SKIP_LIGHTHOUSE = ["1", "true", "yes"].includes(
  (process.env.BENCH_SKIP_LIGHTHOUSE ?? "").toLowerCase(),
);
/**
 * Only the load rows, checkout run, JavaScript measure and Lighthouse run whose names contain this
 * (case-insensitive); every part when unset.
 */
const ONLY = (process.env.BENCH_ONLY ?? "").toLowerCase();
function wanted(name: string): boolean {
  return ONLY === "" || name.toLowerCase().includes(ONLY);
}
/** The search rows again on a catalogue this large (generate-catalog.ts); 0 skips them. */
const LARGE_CATALOG = Number(process.env.BENCH_LARGE_CATALOG ?? "50000");
const READY_TIMEOUT_MS = 60_000;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const PATHS = {
  home: "/",
  product: "/products/itchy-scratchy",
  collection: "/collections/liquid-dog-vitamins-supplements",
  homepageData: "/data/master/homepage.json",
  reviews: "/api/products/itchy-scratchy/reviews",
  // A filter, a search and a sort other than the default: a different query from the first page.
  reviewsFiltered: "/api/products/itchy-scratchy/reviews?rating=5&q=dog&sort=helpful",
  // Instant results as the search bar asks for them: a query the index knows, and a misspelt one
  // (a second look-up: the nearest word of the store's vocabulary).
  search: "/api/search?q=itchy+dog&limit=6",
  searchMisspelt: "/api/search?q=scrching&limit=6",
} as const;

interface LoadTarget {
  name: string;
  target: "app" | "hello";
  path: string;
  method?: "GET" | "POST";
  body?: string;
  /** Send the session cookie of a cart that already holds a line. */
  withCart?: boolean;
  /** Send the cookie of an open analytics visit (POST /metrics/initialize), as a beacon does. */
  withVisit?: boolean;
  /**
   * Each request takes the next of TYPED_QUERIES ("typed": what shoppers type, again and again)
   * or of NEW_QUERIES ("new": a query never asked before) instead of `path`.
   */
  rotate?: "typed" | "new";
  /** The body's type when it is not JSON (a beacon's text/plain). */
  contentType?: string;
  /**
   * Each request comes from another visitor's address (X-Forwarded-For through the server's one
   * trusted proxy hop), as a store's many shoppers do: for routes limited per address (the chat).
   */
  manyVisitors?: boolean;
  /**
   * "identity": ask for no compression, as a benchmark client does; otherwise every request
   * carries a browser's Accept-Encoding, as real visitors' do.
   */
  encoding?: "identity";
}

/** Stands for /bytes/<the product page's compressed size> in LOAD_TARGETS. */
const PRODUCT_PAGE_BYTES = "/bytes/product-page";

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const ADD_TO_CART_PATH = "/api/cart/items";
const ADD_TO_CART_BODY = JSON.stringify({ sku: "ITCHY-1", quantity: 1 });

/** A shopper's first message to the support chat (a new visitor: a new conversation each time). */
const CHAT_BODY = JSON.stringify({ message: "my dog keeps scratching" });

/** A visit's analytics state as the browser's beacon sends it: four pages, two products, a search. */
const SESSION_DATA_BODY = JSON.stringify({
  cartEvents: [
    { type: "item_added", sku: "ITCHY-1", quantity: 1, timestamp: "2026-11-26T10:00:40Z" },
  ],
  productPageViews: [
    { handle: "itchy-scratchy", timestamp: "2026-11-26T10:00:05Z" },
    { handle: "eat", timestamp: "2026-11-26T10:00:20Z" },
  ],
  pagesViewed: 4,
  viewedPages: [
    { path: "/", timestamp: "2026-11-26T10:00:00Z", duration: 5 },
    { path: "/products/itchy-scratchy", timestamp: "2026-11-26T10:00:05Z", duration: 15 },
    { path: "/products/eat", timestamp: "2026-11-26T10:00:20Z", duration: 20 },
    { path: "/cart", timestamp: "2026-11-26T10:00:40Z", duration: 0 },
  ],
  searchHistory: [
    {
      query: "itch",
      timestamp: "2026-11-26T10:00:03Z",
      duration: null,
      scrolledProducts: ["itchy-scratchy"],
      clickedProducts: ["itchy-scratchy"],
    },
  ],
  userEmail: null,
  attribution: {
    source: "newsletter",
    medium: "email",
    campaign: "bench",
    term: null,
    content: null,
    referrer: null,
    landingPage: "/?utm_source=newsletter",
  },
  cartStatus: "active",
  totalViewTime: 40,
  sessionStartTime: "2026-11-26T10:00:00Z",
});

const LOAD_TARGETS: LoadTarget[] = [
  { name: "hello-world (node:http)", target: "hello", path: "/" },
  // As many bytes as the product page's compressed answer (the path is filled in at run time).
  { name: "node:http, as many random bytes", target: "hello", path: PRODUCT_PAGE_BYTES },
  { name: "product page", target: "app", path: PATHS.product },
  { name: "product page, visitor with a cart", target: "app", path: PATHS.product, withCart: true },
  {
    name: "product page, no compression",
    target: "app",
    path: PATHS.product,
    encoding: "identity",
  },
  { name: "collection page", target: "app", path: PATHS.collection },
  { name: "homepage.json data", target: "app", path: PATHS.homepageData },
  { name: "review listing, first page", target: "app", path: PATHS.reviews },
  {
    name: "review listing, no compression",
    target: "app",
    path: PATHS.reviews,
    encoding: "identity",
  },
  { name: "review listing, filtered", target: "app", path: PATHS.reviewsFiltered },
  // A new visitor's first add: no cookie, so each request creates a session and a cart.
  {
    name: "add to cart",
    target: "app",
    path: ADD_TO_CART_PATH,
    method: "POST",
    body: ADD_TO_CART_BODY,
  },
  { name: "read cart", target: "app", path: "/api/cart", withCart: true },
  { name: "instant search (itchy dog)", target: "app", path: PATHS.search },
  { name: "instant search, misspelt (scrching)", target: "app", path: PATHS.searchMisspelt },
  {
    name: "instant search, typed queries in turn",
    target: "app",
    path: PATHS.search,
    rotate: "typed",
  },
  {
    name: "instant search, a query never asked before each time",
    target: "app",
    path: PATHS.search,
    rotate: "new",
  },
  {
    name: "chat: first message (my dog keeps scratching)",
    target: "app",
    path: "/api/chat",
    method: "POST",
    body: CHAT_BODY,
    manyVisitors: true,
  },
  // The beacon every visitor sends when a page is hidden: JSON as text/plain, one open visit.
  {
    name: "metrics/update-session-data (beacon)",
    target: "app",
    path: "/metrics/update-session-data",
    method: "POST",
    body: SESSION_DATA_BODY,
    contentType: "text/plain;charset=UTF-8",
    withVisit: true,
  },
];

const LIGHTHOUSE_PAGES: { name: string; path: string }[] = [
  { name: "home", path: PATHS.home },
  { name: "collection", path: PATHS.collection },
  { name: "product", path: PATHS.product },
];
const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Categories whose every audit below 1 is listed for a developer to fix. */
const AUDITED_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;

function readDuration(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds, got "${raw}"`);
  }
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// Child processes, always stopped at the end

interface ManagedChild {
  name: string;
  proc: ChildProcess;
  /** Last lines the process wrote (stdout and stderr), for error messages. */
  output: string[];
  exited: Promise<void>;
}

const children = new Set<ManagedChild>();
const cleanups: (() => Promise<void>)[] = [];

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): ManagedChild {
  // detached: the child leads its own process group, so stopping it also stops anything it spawned.
  const proc = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      output.push(line);
      if (output.length > 200) output.shift();
    }
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    proc.once("exit", () => resolve());
    proc.once("error", (error) => {
      output.push(`spawn error: ${error.message}`);
      resolve();
    });
  });
  const child: ManagedChild = { name, proc, output, exited };
  children.add(child);
  return child;
}

function isRunning(child: ManagedChild): boolean {
  return (
    child.proc.exitCode === null && child.proc.signalCode === null && child.proc.pid !== undefined
  );
}

function signalGroup(child: ManagedChild, signal: NodeJS.Signals): void {
  const pid = child.proc.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

async function stopChild(child: ManagedChild): Promise<void> {
  if (isRunning(child)) {
    signalGroup(child, "SIGTERM");
    const stopped = await Promise.race([child.exited.then(() => true), sleep(5000, false)]);
    if (!stopped) {
      signalGroup(child, "SIGKILL");
      await Promise.race([child.exited, sleep(2000)]);
    }
  }
  children.delete(child);
}

let cleaningUp: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const child of [...children]) await stopChild(child);
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${errorMessage(error)}`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort if the process ends some other way: never leave a server behind.
process.once("exit", () => {
  for (const child of children) if (isRunning(child)) signalGroup(child, "SIGKILL");
});

/**
 * Ports this bench takes, one after another: 4700-4749 (the machine's rule for benchmarks), or the
 * 50 from BENCH_PORT_BASE, for a second run beside one that holds them.
 */
const PORT_BASE = readPortBase(process.env.BENCH_PORT_BASE);
const PORTS = { next: PORT_BASE, last: PORT_BASE + 49 };
async function freePort(): Promise<number> {
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

function readPortBase(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 4700;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base > 65_535 - 49) {
    throw new Error(`BENCH_PORT_BASE must be a port from 1024 to 65486, got "${raw}"`);
  }
  return base;
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
async function databaseUrlOf(dataDir: string): Promise<string | null> {
  // The floors replay on the connection the store itself takes (the embedded one's Unix socket).
  return process.env.DATABASE_URL || (await embeddedUrl(dataDir).catch(() => null));
}

async function waitUntilReady(
  child: ManagedChild,
  url: string,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  let last = "no answer yet";
  while (Date.now() - started < timeoutMs) {
    if (!isRunning(child)) {
      throw new Error(
        `${child.name} exited before it was ready (code ${child.proc.exitCode}, signal ${child.proc.signalCode}). Its last output:\n${tail(child)}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return Date.now() - started;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = errorMessage(error);
    }
    await sleep(250);
  }
  throw new Error(
    `${child.name} was not ready after ${timeoutMs / 1000} s (${url}: ${last}). Its last output:\n${tail(child)}`,
  );
}

function tail(child: ManagedChild, lines = 30): string {
  const out = child.output.slice(-lines);
  return out.length === 0 ? "  (nothing)" : out.map((l) => `  ${l}`).join("\n");
}

// GET /bytes/<n> answers n fixed random bytes: node:http with a body like a compressed page's
// (as large, and as incompressible), so the load generator's own cost per response can be told
// apart from the store's. autocannon spends far more on such a body than on n ASCII bytes.
const HELLO_WORLD_SOURCE = `
const http = require("node:http");
const bodies = new Map();
let replay = null;
http
  .createServer((req, res) => {
    // The product page's answer as the store sent it (bytes and headers), from memory.
    if (req.url === "/replay") {
      if (replay === null) {
        const saved = JSON.parse(require("node:fs").readFileSync(process.env.REPLAY_FILE, "utf8"));
        replay = { headers: saved.headers, body: Buffer.from(saved.body, "base64") };
      }
      res.writeHead(200, replay.headers);
      res.end(replay.body);
      return;
    }
    const sized = /^\\/bytes\\/(\\d{1,7})$/.exec(req.url);
    if (sized) {
      const n = Number(sized[1]);
      if (!bodies.has(n)) bodies.set(n, require("node:crypto").randomBytes(n));
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(bodies.get(n));
      return;
    }
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("hello world");
  })
  .listen(Number(process.env.PORT), () => console.log("hello-world ready"));
process.on("SIGTERM", () => process.exit(0));
`;

// ---------------------------------------------------------------------------------------------
// Load tests

interface LoadRow {
  name: string;
  url: string;
  /** Status, type and size of one plain GET before the test, to show what is being measured. */
  probe:
    | {
        status: number;
        contentType: string | null;
        /** The answer's Content-Encoding (null: none). */
        contentEncoding: string | null;
        /** Bytes on the wire (compressed when it was). */
        bytes: number;
      }
    | { error: string };
  /** The Accept-Encoding every request sent (null: none). */
  acceptEncoding: string | null;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  throughputBytesPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  ratioToHelloWorld: number | null;
  /** The store server's largest resident set during the run (Linux /proc), in bytes. */
  peakRssBytes: number | null;
  /**
   * The embedded PostgreSQL's largest summed resident set during the run (the postmaster and its
   * children; shared buffers count in each process that touched them), in bytes.
   */
  peakDatabaseRssBytes: number | null;
  /**
   * CPU time (user + system) the serving process spent per request of the measured run, in
   * microseconds (Linux /proc; null elsewhere). Unlike req/s it does not depend on the load
   * generator, which shares the machine and is the bottleneck for compressed answers.
   */
  serverCpuUsPerRequest: number | null;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far (Linux), or null where unreadable. */
async function cpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A process's resident set size in bytes (Linux), or null where it cannot be read. */
async function rssBytes(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The processes of the embedded PostgreSQL of `dataDir`: the postmaster (postmaster.pid's first
 * line) and its children (backends, writers, the WAL writer…), from /proc. Empty when there is
 * none (DATABASE_URL, or not Linux).
 */
async function databasePids(dataDir: string): Promise<number[]> {
  let postmaster: number;
  try {
    const first = (
      await readFile(path.join(dataDir, "postgres", "data", "postmaster.pid"), "utf8")
    ).split("\n")[0];
    postmaster = Number(first);
    if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
  } catch {
    return [];
  }
  const pids = [postmaster];
  let entries: string[] = [];
  try {
    entries = (await readdir("/proc")).filter((e) => /^\d+$/.test(e));
  } catch {
    return pids;
  }
  await Promise.all(
    entries.map(async (entry) => {
      try {
        const stat = await readFile(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid === postmaster) pids.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }),
  );
  return pids;
}

/** The summed RSS of processes, in bytes (a process that is gone counts 0); null if none read. */
async function summedRss(pids: number[]): Promise<number | null> {
  const each = await Promise.all(pids.map((pid) => rssBytes(pid)));
  const read = each.filter((b): b is number => b !== null);
  return read.length === 0 ? null : read.reduce((a, b) => a + b, 0);
}

/** RSS of the store server and of the embedded PostgreSQL (all its processes) now. */
async function memoryNow(
  serverPid: number | undefined,
  dataDir: string | null,
): Promise<{ server: number | null; database: number | null }> {
  const [server, database] = await Promise.all([
    rssBytes(serverPid),
    dataDir === null ? null : databasePids(dataDir).then(summedRss),
  ]);
  return { server, database };
}

/**
 * Samples the server's RSS and the embedded PostgreSQL's summed RSS every 250 ms until stopped;
 * answers the largest of each. PostgreSQL's process list is read again every 2 s (its backends
 * are the pool's connections, which stay).
 */
function sampleRss(
  pid: number | undefined,
  dataDir: string | null = null,
): {
  stop(): Promise<number | null>;
  stopBoth(): Promise<{ server: number | null; database: number | null }>;
} {
  let peak: number | null = null;
  let databasePeak: number | null = null;
  let pids: number[] = [];
  let listedAt = 0;
  const take = async () => {
    const now = await rssBytes(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
    if (dataDir === null) return;
    if (Date.now() - listedAt > 2000) {
      listedAt = Date.now();
      pids = await databasePids(dataDir);
    }
    const database = await summedRss(pids);
    if (database !== null && (databasePeak === null || database > databasePeak)) {
      databasePeak = database;
    }
  };
  void take();
  const timer = setInterval(() => void take(), 250);
  const stopBoth = async () => {
    clearInterval(timer);
    await take();
    return { server: peak, database: databasePeak };
  };
  return { stopBoth, stop: async () => (await stopBoth()).server };
}

/**
 * Waits until the server is idle (under 2 % of a core for 3 s in a row; at most 90 s: the
 * start-up's image warm-up runs after it is ready), then answers both RSS figures.
 */
async function idleMemory(
  serverPid: number | undefined,
  dataDir: string,
): Promise<{ server: number | null; database: number | null; waitedSeconds: number }> {
  const started = Date.now();
  let quiet = 0;
  let last = await cpuSeconds(serverPid);
  while (Date.now() - started < 90_000 && quiet < 3) {
    await sleep(1000);
    const now = await cpuSeconds(serverPid);
    quiet = now !== null && last !== null && now - last <= 0.02 ? quiet + 1 : 0;
    last = now;
  }
  return { ...(await memoryNow(serverPid, dataDir)), waitedSeconds: (Date.now() - started) / 1000 };
}

/** One GET as the load test will send it; counts the bytes on the wire, not decoded. */
async function probe(url: string, headers: Record<string, string>): Promise<LoadRow["probe"]> {
  try {
    return await new Promise((resolve, reject) => {
      const request = http.get(url, { headers, timeout: 10_000 }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"] ?? null,
            contentEncoding: response.headers["content-encoding"] ?? null,
            bytes,
          }),
        );
        response.on("error", reject);
      });
      request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
      request.on("error", reject);
    });
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/**
 * Saves one answer to a browser's GET of `url` as it came (the compressed bytes, the headers but
 * those of the connection), for the node:http server to answer from memory (GET /replay).
 */
async function saveAnswer(url: string, file: string): Promise<void> {
  const answer = await new Promise<{ headers: Record<string, string | string[]>; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(
        url,
        { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING }, timeout: 10_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const headers: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              if (["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
                continue;
              headers[name] = value;
            }
            const body = Buffer.concat(chunks);
            headers["content-length"] = String(body.byteLength);
            resolve({ headers, body });
          });
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
      request.on("error", reject);
    },
  );
  await writeFile(
    file,
    JSON.stringify({ headers: answer.headers, body: answer.body.toString("base64") }),
  );
}

/** The session cookie of a new cart holding one line. */
async function cartCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}${ADD_TO_CART_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: ADD_TO_CART_BODY,
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sf_session="));
  if (!response.ok || !cookie) throw new Error(`could not create a cart (${response.status})`);
  return cookie.split(";")[0] ?? "";
}

/** The cookie of a new analytics visit (POST /metrics/initialize for the default store). */
async function visitCookie(origin: string): Promise<string> {
  const store = (await (await fetch(`${origin}/api/store`)).json()) as { storeId: string };
  const response = await fetch(`${origin}/metrics/initialize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ store_id: store.storeId }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sf_visit="));
  if (!response.ok || !cookie) throw new Error(`could not open a visit (${response.status})`);
  return cookie.split(";")[0] ?? "";
}

async function loadTest(
  name: string,
  url: string,
  request: {
    method?: "GET" | "POST";
    body?: string;
    headers?: Record<string, string>;
    /** Paths each request takes in turn instead of the URL's (different queries). */
    paths?: readonly string[];
    /** Each request with another X-Forwarded-For address (see LoadTarget.manyVisitors). */
    manyVisitors?: boolean;
  } = {},
  /** The serving process, whose CPU time per request is reported. */
  serverPid?: number,
): Promise<LoadRow> {
  const headers = request.headers ?? {};
  let turn = 0;
  let visitor = 0;
  const probed =
    request.method === "POST"
      ? { status: 0, contentType: null, contentEncoding: null, bytes: 0 }
      : await probe(url, headers);
  const options = {
    url,
    method: request.method ?? "GET",
    ...(request.body ? { body: request.body } : {}),
    headers: {
      ...(request.body ? { "content-type": "application/json" } : {}),
      ...request.headers,
    },
    connections: CONNECTIONS,
    ...(request.paths || request.manyVisitors
      ? {
          requests: [
            {
              setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
                turn = (turn + 1) % (request.paths?.length ?? 1);
                visitor += 1;
                return {
                  ...req,
                  path: request.paths?.[turn] ?? req.path,
                  ...(request.manyVisitors
                    ? {
                        headers: {
                          ...req.headers,
                          "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
                        },
                      }
                    : {}),
                };
              },
            },
          ],
        }
      : {}),
  };
  // The warm-up is a run of its own, so the CPU time measured is the measured run's alone.
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = await cpuSeconds(serverPid);
  const result: LoadResult = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpuAfter = await cpuSeconds(serverPid);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    name,
    url,
    probe: probed,
    acceptEncoding: headers["accept-encoding"] ?? null,
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    ratioToHelloWorld: null,
    peakRssBytes: null,
    peakDatabaseRssBytes: null,
    serverCpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

// ---------------------------------------------------------------------------------------------
// Full checkout: a new visitor's cart → quote → paid order (built-in test processor)

/** The variant every benchmark order buys; prepare-stock.ts gives it stock for all of them. */
const CHECKOUT_SKU = "EAT-1";
const CHECKOUT_ADDRESS = {
  line1: "1 Bench St",
  city: "Albany",
  region: "NY",
  postalCode: "12207",
  country: "US",
};

interface CheckoutRow {
  name: string;
  orders: number;
  ordersPerSecond: number;
  failures: number;
  statusCodes: Record<string, number>;
  /** The three requests of one checkout, end to end. */
  flowMs: { p50: number; p90: number; p99: number; max: number };
  /** POST /api/checkout alone (payment and order placement). */
  placeMs: { p50: number; p90: number; p99: number; max: number };
  /** CPU time of the serving process per paid order (its three requests), in ms; null if unread. */
  serverCpuMsPerOrder: number | null;
  /** The load generator's own CPU time per order, in ms: it shares the machine's cores. */
  clientCpuMsPerOrder: number | null;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** A JSON request's answer: its status, Set-Cookie headers and body. */
interface JsonAnswer {
  status: number;
  setCookies: string[];
  body: string;
}

/**
 * Keep-alive connections for the checkout shoppers. node:http, not fetch: the load generator
 * shares the server's cores, and fetch spent 3-4 ms of CPU per checkout (three requests) where
 * node:http spends about 1, which the server's own figure would otherwise pay for. Each request
 * carries a browser's Accept-Encoding, as a shopper's does.
 */
const shopperAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** A response body as text, decompressed as its Content-Encoding says. */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding ?? "identity") {
    case "identity":
      return body.toString("utf8");
    case "br":
      return brotliDecompressSync(body).toString("utf8");
    case "gzip":
      return gunzipSync(body).toString("utf8");
    case "deflate":
      return inflateSync(body).toString("utf8");
    case "zstd": {
      // Node 22.15 and later compress with zstd, and can read it back; Node 20 never answers it.
      const { zstdDecompressSync } = zlib as { zstdDecompressSync?: (b: Buffer) => Buffer };
      if (zstdDecompressSync) return zstdDecompressSync(body).toString("utf8");
      throw new Error("the server answered zstd, which this Node cannot read");
    }
    default:
      throw new Error(`the server answered in an encoding the bench cannot read: ${encoding}`);
  }
}

function postJson(
  origin: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${url}`,
      {
        method: "POST",
        agent: shopperAgent,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(data)),
          "accept-encoding": BROWSER_ACCEPT_ENCODING,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              setCookies: response.headers["set-cookie"] ?? [],
              body: decoded(Buffer.concat(chunks), response.headers["content-encoding"]),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(data);
  });
}

/**
 * One shopper's checkout: add one item as a new visitor, quote shipping and tax for an address,
 * pay with 4242 4242 4242 4242. Answers the payment's status and the times of the whole and of
 * the payment alone.
 */
async function checkoutFlow(
  origin: string,
): Promise<{ status: number; flowMs: number; placeMs: number }> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(origin, url, body, headers);
  const started = performance.now();
  const added = await post(ADD_TO_CART_PATH, { sku: CHECKOUT_SKU, quantity: 1 });
  const cookie = added.setCookies.find((c) => c.startsWith("sf_session="));
  if (added.status !== 200 || !cookie) throw new Error(`add to cart answered ${added.status}`);
  const session = { cookie: cookie.split(";")[0] ?? "" };
  const quote = await post(
    "/api/checkout/quote",
    { address: { country: "US", region: "NY", postalCode: "12207" } },
    session,
  );
  if (quote.status !== 200) {
    const now = performance.now();
    return { status: quote.status, flowMs: now - started, placeMs: 0 };
  }
  const { total } = JSON.parse(quote.body) as { total: number };
  const placeStarted = performance.now();
  const paid = await post(
    "/api/checkout",
    {
      email: "bench@example.com",
      name: "Bench Shopper",
      address: CHECKOUT_ADDRESS,
      shippingOptionId: "standard",
      expectedTotal: total,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
    },
    { ...session, "idempotency-key": crypto.randomUUID() },
  );
  const now = performance.now();
  return { status: paid.status, flowMs: now - started, placeMs: now - placeStarted };
}

/**
 * CONNECTIONS shoppers at once, each in a loop: add one item as a new visitor, quote shipping and
 * tax for an address, pay with 4242 4242 4242 4242. Counts paid orders per second.
 */
async function checkoutLoad(origin: string, serverPid: number | undefined): Promise<CheckoutRow> {
  const statusCodes: Record<string, number> = {};
  const flows: number[] = [];
  const places: number[] = [];
  let failures = 0;
  const count = (status: number) => {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  };
  const oneCheckout = async (record: boolean) => {
    const flow = await checkoutFlow(origin);
    if (!record) return;
    count(flow.status);
    if (flow.status !== 200) failures += 1;
    places.push(flow.placeMs);
    flows.push(flow.flowMs);
  };
  const run = async (seconds: number, record: boolean) => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) await oneCheckout(record);
      }),
    );
  };
  await run(WARMUP_SECONDS, false);
  const started = performance.now();
  const serverBefore = await cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  await run(DURATION_SECONDS, true);
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await cpuSeconds(serverPid);
  const seconds = (performance.now() - started) / 1000;
  const orders = flows.length - failures;
  const perOrder = (cpuSecondsUsed: number | null) =>
    cpuSecondsUsed === null || orders === 0 ? null : (cpuSecondsUsed * 1000) / orders;
  return {
    name: "full checkout (cart → order)",
    orders,
    ordersPerSecond: orders / seconds,
    failures,
    statusCodes,
    flowMs: percentiles(flows),
    placeMs: percentiles(places),
    serverCpuMsPerOrder: perOrder(
      serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
    ),
    clientCpuMsPerOrder: perOrder((client.user + client.system) / 1e6),
  };
}

/** How many back-to-back pairs of a write path and its floor its target takes. */
const FLOOR_PAIRS = 3;

/** One run of a write path (flows per second) and the replay of its floor just after it. */
interface FloorPair {
  perSecond: number;
  floorPerSecond: number;
  ratio: number;
}

/** The pair of the median ratio; null for none. */
function medianPair(pairs: FloorPair[]): FloorPair | null {
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

function printCheckout(row: CheckoutRow): string {
  const ms = (p: CheckoutRow["flowMs"]) =>
    `p50 ${fmt(p.p50, 0)} ms, p90 ${fmt(p.p90, 0)} ms, p99 ${fmt(p.p99, 0)} ms, max ${fmt(p.max, 0)} ms`;
  return [
    `${row.name}: ${fmt(row.ordersPerSecond, 1)} paid orders/s (${row.orders} orders, ${row.failures} failed; status ${JSON.stringify(row.statusCodes)})`,
    `  whole flow (add, quote, pay): ${ms(row.flowMs)}`,
    `  POST /api/checkout alone:     ${ms(row.placeMs)}`,
    `  CPU per order: server ${row.serverCpuMsPerOrder === null ? "n/a" : `${fmt(row.serverCpuMsPerOrder, 2)} ms`}, load generator ${row.clientCpuMsPerOrder === null ? "n/a" : `${fmt(row.clientCpuMsPerOrder, 2)} ms`}`,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// JavaScript a product page loads on first load

interface JsFile {
  url: string;
  /** How the page reaches it: script src, modulepreload, inline import, or a static import. */
  via: string[];
  status: number;
  /** Content-Encoding the server used (fetch asked for gzip/br). */
  servedEncoding: string | null;
  rawBytes: number;
  gzipBytes: number;
}

interface InlineScript {
  index: number;
  type: string;
  rawBytes: number;
  gzipBytes: number;
  preview: string;
}

interface JsReport {
  pageUrl: string;
  html: { rawBytes: number; gzipBytes: number };
  files: JsFile[];
  total: { files: number; rawBytes: number; gzipBytes: number };
  inlineScripts: InlineScript[];
  inlineTotal: { scripts: number; rawBytes: number; gzipBytes: number };
  jsonLd: { scripts: number; rawBytes: number; gzipBytes: number };
  /** /assets/*.js named in inline scripts but not imported by them (e.g. the route manifest). */
  referencedNotLoaded: string[];
  /** Modules reached by a static import that had no modulepreload link. */
  missingModulepreload: string[];
}

const gzipSize = (data: Uint8Array | string): number => gzipSync(data, { level: 9 }).byteLength;

/** "static import from a.js", "static import from b.js" → "statically imported by 2 modules". */
function summarizeVia(via: string[]): string[] {
  const imports = via.filter((v) => v.startsWith("static import from "));
  const rest = via.filter((v) => !v.startsWith("static import from "));
  if (imports.length === 1 && imports[0] !== undefined) rest.push(imports[0]);
  if (imports.length > 1) rest.push(`statically imported by ${imports.length} modules`);
  return rest;
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const m of source.matchAll(pattern)) {
    const name = m[1];
    if (name === undefined) continue;
    attributes.set(name.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Specifiers of `import "x"`, `import … from "x"`, `export … from "x"` and `import("x")`. */
function importSpecifiers(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s*["']([^"'\s]+)["']/g, /\bimport\s*["']([^"'\s]+)["']/g];
  if (dynamic) patterns.push(/\bimport\s*\(\s*["']([^"'\s]+)["']\s*\)/g);
  for (const pattern of patterns) {
    for (const m of code.matchAll(pattern)) if (m[1] !== undefined) found.push(m[1]);
  }
  return found;
}

async function measureProductPageJs(origin: string): Promise<JsReport> {
  const pageUrl = new URL(PATHS.product, origin).href;
  const response = await fetch(pageUrl);
  if (response.status !== 200) throw new Error(`GET ${pageUrl} answered ${response.status}`);
  const html = await response.text();

  const files = new Map<string, { via: Set<string>; order: number }>();
  const add = (href: string, base: string, via: string) => {
    const url = new URL(href, base);
    if (url.origin !== new URL(origin).origin || !url.pathname.endsWith(".js")) return false;
    const entry = files.get(url.href) ?? { via: new Set<string>(), order: files.size };
    entry.via.add(via);
    files.set(url.href, entry);
    return true;
  };

  const inlineScripts: InlineScript[] = [];
  const jsonLd = { scripts: 0, rawBytes: 0, gzipBytes: 0 };
  const mentioned = new Set<string>();
  let index = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = parseAttributes(m[1] ?? "");
    const body = m[2] ?? "";
    const src = attributes.get("src");
    const type = (attributes.get("type") ?? "").toLowerCase();
    if (src !== undefined) {
      add(src, pageUrl, type === "module" ? "script type=module src" : "script src");
      continue;
    }
    index += 1;
    if (type.includes("json")) {
      jsonLd.scripts += 1;
      jsonLd.rawBytes += Buffer.byteLength(body);
      jsonLd.gzipBytes += gzipSize(body);
      continue;
    }
    inlineScripts.push({
      index,
      type: type === "" ? "classic" : type,
      rawBytes: Buffer.byteLength(body),
      gzipBytes: gzipSize(body),
      preview: body.trim().replace(/\s+/g, " ").slice(0, 70),
    });
    for (const specifier of importSpecifiers(body, { dynamic: true })) {
      add(specifier, pageUrl, "inline import");
    }
    // Preloads the module script makes after the first paint (head-order.server.ts).
    for (const [, list = "[]"] of body.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) {
      for (const href of JSON.parse(list) as string[]) add(href, pageUrl, "modulepreload");
    }
    for (const s of body.matchAll(/["'](\/assets\/[^"'\s]+\.js)["']/g)) {
      if (s[1] !== undefined) mentioned.add(new URL(s[1], pageUrl).href);
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(m[1] ?? "");
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (rel.includes("modulepreload") && href !== undefined) add(href, pageUrl, "modulepreload");
  }

  // Fetch everything, following static imports the browser would also load.
  const fetched = new Map<string, JsFile>();
  const missingModulepreload: string[] = [];
  const queue = [...files.keys()];
  while (queue.length > 0) {
    const url = queue.shift();
    if (url === undefined || fetched.has(url)) continue;
    const res = await fetch(url);
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    const entry = files.get(url);
    fetched.set(url, {
      url,
      via: [...(entry?.via ?? [])],
      status: res.status,
      servedEncoding: res.headers.get("content-encoding"),
      rawBytes: body.byteLength,
      gzipBytes: gzipSize(body),
    });
    const code = Buffer.from(body).toString("utf8");
    const importer = new URL(url).pathname.split("/").pop() ?? url;
    for (const specifier of importSpecifiers(code, { dynamic: false })) {
      const known = files.has(new URL(specifier, url).href);
      if (add(specifier, url, `static import from ${importer}`) && !known) {
        const resolved = new URL(specifier, url).href;
        missingModulepreload.push(resolved);
        queue.push(resolved);
      }
    }
  }
  for (const file of fetched.values()) {
    file.via = summarizeVia([...(files.get(file.url)?.via ?? [])]);
  }

  const list = [...fetched.values()].sort(
    (a, b) => (files.get(a.url)?.order ?? 0) - (files.get(b.url)?.order ?? 0),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    pageUrl,
    html: { rawBytes: Buffer.byteLength(html), gzipBytes: gzipSize(html) },
    files: list,
    total: {
      files: list.length,
      rawBytes: sum(list.map((f) => f.rawBytes)),
      gzipBytes: sum(list.map((f) => f.gzipBytes)),
    },
    inlineScripts,
    inlineTotal: {
      scripts: inlineScripts.length,
      rawBytes: sum(inlineScripts.map((s) => s.rawBytes)),
      gzipBytes: sum(inlineScripts.map((s) => s.gzipBytes)),
    },
    jsonLd,
    referencedNotLoaded: [...mentioned].filter((url) => !fetched.has(url)),
    missingModulepreload,
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** For accessibility: the failing nodes (first 3); elsewhere a short description of the items. */
  items: { selector?: string; snippet?: string; explanation?: string; text?: string }[];
  itemCount: number;
}

interface LighthousePage {
  name: string;
  url: string;
  scores: Record<string, number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  failingAudits: FailingAudit[];
  performanceOpportunities: { id: string; title: string; score: number; displayValue?: string }[];
  scripts?: { count: number; transferBytes: number; resourceBytes: number };
  runWarnings: string[];
  /** The full Lighthouse result (lhr), relative to the repo root. */
  reportFile?: string;
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
}

type Audit = LighthouseResult["audits"][string];

function numeric(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function detailItems(audit: Audit): Record<string, unknown>[] {
  const details: unknown = audit.details;
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isRecord);
}

function describeItem(item: Record<string, unknown>): FailingAudit["items"][number] {
  const node = item.node;
  if (isRecord(node) && node.type === "node") {
    const described: FailingAudit["items"][number] = {};
    if (typeof node.selector === "string") described.selector = node.selector;
    if (typeof node.snippet === "string") described.snippet = node.snippet;
    if (typeof node.explanation === "string") described.explanation = node.explanation;
    return described;
  }
  const parts: string[] = [];
  for (const key of [
    "description",
    "url",
    "sourceLocation",
    "source",
    "issueType",
    "label",
    "value",
  ]) {
    const value = item[key];
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (isRecord(value) && typeof value.url === "string") parts.push(value.url);
    else if (isRecord(value) && typeof value.text === "string") parts.push(value.text);
  }
  return { text: parts.join(" — ").slice(0, 300) };
}

function summarizeLighthouse(name: string, lhr: LighthouseResult): LighthousePage {
  const scores: Record<string, number | null> = {};
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
  }

  const failingAudits: FailingAudit[] = [];
  for (const category of AUDITED_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit === undefined || audit.score === null || audit.score >= 1) continue;
      const items = detailItems(audit);
      const failing: FailingAudit = {
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: items.slice(0, 3).map(describeItem),
        itemCount: items.length,
      };
      if (audit.displayValue) failing.displayValue = audit.displayValue;
      failingAudits.push(failing);
    }
  }

  const performanceOpportunities: LighthousePage["performanceOpportunities"] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group === "metrics") continue;
    const audit = lhr.audits[ref.id];
    if (audit === undefined || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") {
      continue;
    }
    const entry: LighthousePage["performanceOpportunities"][number] = {
      id: audit.id,
      title: audit.title,
      score: audit.score,
    };
    if (audit.displayValue) entry.displayValue = audit.displayValue;
    performanceOpportunities.push(entry);
  }

  const page: LighthousePage = {
    name,
    url: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      speedIndexMs: numeric(lhr, "speed-index"),
    },
    failingAudits,
    performanceOpportunities,
    runWarnings: lhr.runWarnings.map(String),
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
  };

  const network = lhr.audits["network-requests"];
  if (network !== undefined) {
    const scripts = detailItems(network).filter((item) => item.resourceType === "Script");
    const bytes = (item: Record<string, unknown>, key: string) =>
      typeof item[key] === "number" ? item[key] : 0;
    page.scripts = {
      count: scripts.length,
      transferBytes: scripts.reduce((a, item) => a + bytes(item, "transferSize"), 0),
      resourceBytes: scripts.reduce((a, item) => a + bytes(item, "resourceSize"), 0),
    };
  }
  return page;
}

async function runLighthouse(origin: string, problems: string[]): Promise<LighthousePage[]> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROMIUM_PATH)`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const pages: LighthousePage[] = [];
  try {
    for (const { name, path: pagePath } of LIGHTHOUSE_PAGES) {
      const url = new URL(pagePath, origin).href;
      progress(`Lighthouse: ${name} (${url})`);
      try {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        });
        if (runner === undefined) throw new Error("Lighthouse returned no result");
        const { lhr } = runner;
        if (lhr.runtimeError) {
          throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        }
        const page = summarizeLighthouse(name, lhr);
        page.reportFile = path.relative(repoRoot, path.join(resultsDir, `lighthouse-${name}.json`));
        await mkdir(resultsDir, { recursive: true });
        await writeFile(path.join(repoRoot, page.reportFile), JSON.stringify(lhr));
        pages.push(page);
      } catch (error) {
        problems.push(`Lighthouse on ${url}: ${errorMessage(error)}`);
      }
    }
  } finally {
    chrome.kill();
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Output

function progress(message: string): void {
  console.error(`… ${message}`);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return rightAligned[i] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} KB`;
const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
const percent = (ratio: number) => `${fmt(ratio * 100, ratio < 0.01 ? 2 : 1)} %`;
const ms = (value: number | null) => (value === null ? "n/a" : `${fmt(value)} ms`);
const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${fmt(bytes / 1024 / 1024)} MB`);

function printLoad(rows: LoadRow[], before: Record<string, BaselineRow> = {}): string {
  const body = rows.map((r) => [
    r.name,
    new URL(r.url).pathname,
    fmt(r.requestsPerSecond),
    fmt(r.latencyMs.p50),
    fmt(r.latencyMs.p99),
    fmt(r.latencyMs.average, 2),
    `${r.errors + r.timeouts} / ${r.non2xx}`,
    r.ratioToHelloWorld === null ? "n/a" : percent(r.ratioToHelloWorld),
    r.peakRssBytes === null ? "n/a" : `${fmt(r.peakRssBytes / 1024 / 1024)} MB`,
    mb(r.peakDatabaseRssBytes),
    r.serverCpuUsPerRequest === null ? "n/a" : `${fmt(r.serverCpuUsPerRequest)} µs`,
    before[r.name] === undefined
      ? "—"
      : `${fmt(before[r.name]?.requestsPerSecond ?? 0)} · ${fmt(before[r.name]?.p99Ms ?? 0)} ms`,
    "error" in r.probe
      ? `probe failed: ${r.probe.error}`
      : `${r.probe.status} ${kb(r.probe.bytes)} ${r.probe.contentEncoding ?? (r.acceptEncoding ? "uncompressed" : "identity")}`,
  ]);
  return table(
    [
      "Route",
      "Path",
      "req/s",
      "p50 ms",
      "p99 ms",
      "avg ms",
      "errors / non-2xx",
      "vs hello",
      "peak RSS",
      "DB RSS",
      "CPU/req",
      "PGlite req/s · p99",
      "Response",
    ],
    body,
    [false, false, true, true, true, true, true, true, true, true, true, true, false],
  );
}

function printJs(js: JsReport): string {
  const lines: string[] = [];
  lines.push(
    `Page: ${js.pageUrl}   (HTML ${kb(js.html.rawBytes)} raw, ${kb(js.html.gzipBytes)} gzip)`,
  );
  lines.push("External JavaScript on first load (each file gzipped with zlib level 9):");
  lines.push(
    table(
      ["File", "raw", "gzip KB", "gzip KiB", "served as", "reached via"],
      [
        ...js.files.map((f) => [
          new URL(f.url).pathname,
          kb(f.rawBytes),
          kb(f.gzipBytes),
          kib(f.gzipBytes),
          f.servedEncoding ?? "identity",
          f.via.join(", "),
        ]),
        [
          "TOTAL",
          kb(js.total.rawBytes),
          kb(js.total.gzipBytes),
          kib(js.total.gzipBytes),
          "",
          `${js.total.files} files`,
        ],
      ],
      [false, true, true, true, false, false],
    ),
  );
  lines.push("");
  lines.push("Inline scripts in the HTML (each gzipped separately; not in the total above):");
  lines.push(
    table(
      ["#", "type", "raw", "gzip KB", "gzip KiB", "starts with"],
      [
        ...js.inlineScripts.map((s) => [
          String(s.index),
          s.type,
          kb(s.rawBytes),
          kb(s.gzipBytes),
          kib(s.gzipBytes),
          s.preview,
        ]),
        [
          "",
          "TOTAL",
          kb(js.inlineTotal.rawBytes),
          kb(js.inlineTotal.gzipBytes),
          kib(js.inlineTotal.gzipBytes),
          `${js.inlineTotal.scripts} scripts`,
        ],
      ],
      [true, false, true, true, true, false],
    ),
  );
  lines.push(
    `JSON-LD (not JavaScript): ${js.jsonLd.scripts} block(s), ${kb(js.jsonLd.rawBytes)} raw, ${kb(js.jsonLd.gzipBytes)} gzip`,
  );
  lines.push(
    `External + inline JavaScript, gzipped: ${kb(js.total.gzipBytes + js.inlineTotal.gzipBytes)} (${kib(js.total.gzipBytes + js.inlineTotal.gzipBytes)})`,
  );
  if (js.missingModulepreload.length > 0) {
    lines.push(
      `Statically imported but not modulepreloaded: ${js.missingModulepreload.map((u) => new URL(u).pathname).join(", ")}`,
    );
  }
  if (js.referencedNotLoaded.length > 0) {
    lines.push(
      `Named in inline scripts but not imported on first load (not counted): ${js.referencedNotLoaded.map((u) => new URL(u).pathname).join(", ")}`,
    );
  }
  return lines.join("\n");
}

function printLighthouse(pages: LighthousePage[]): string {
  const lines: string[] = [];
  const first = pages[0];
  if (first !== undefined) {
    lines.push(
      `Lighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling`,
    );
  }
  lines.push(
    table(
      ["Page", "Perf", "A11y", "Best pr.", "SEO", "LCP", "TBT", "CLS", "FCP", "Speed idx"],
      pages.map((p) => [
        p.name,
        String(p.scores.performance ?? "n/a"),
        String(p.scores.accessibility ?? "n/a"),
        String(p.scores["best-practices"] ?? "n/a"),
        String(p.scores.seo ?? "n/a"),
        ms(p.metrics.lcpMs),
        ms(p.metrics.tbtMs),
        p.metrics.cls === null ? "n/a" : fmt(p.metrics.cls, 3),
        ms(p.metrics.fcpMs),
        ms(p.metrics.speedIndexMs),
      ]),
      [false, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const p of pages) {
    if (p.scripts !== undefined) {
      lines.push(
        `  ${p.name}: Chrome loaded ${p.scripts.count} scripts, ${kb(p.scripts.transferBytes)} transferred (${kb(p.scripts.resourceBytes)} uncompressed)`,
      );
    }
  }
  for (const p of pages) {
    lines.push("");
    lines.push(`${p.name} (${p.url})${p.reportFile ? `   full report: ${p.reportFile}` : ""}`);
    for (const warning of p.runWarnings) lines.push(`  run warning: ${warning}`);
    if (p.failingAudits.length === 0) {
      lines.push("  accessibility / best-practices / seo: every audit passes");
    }
    for (const audit of p.failingAudits) {
      const value = audit.displayValue ? ` — ${audit.displayValue}` : "";
      lines.push(
        `  ✗ [${audit.category}] ${audit.id}: ${audit.title} (score ${audit.score})${value}`,
      );
      for (const item of audit.items) {
        if (item.selector !== undefined) {
          lines.push(
            `      ${item.selector}${item.snippet ? `   ${item.snippet.slice(0, 120)}` : ""}`,
          );
          if (item.explanation) {
            lines.push(`        ${item.explanation.replace(/\s+/g, " ").slice(0, 240)}`);
          }
        } else if (item.text) {
          lines.push(`      ${item.text}`);
        }
      }
      if (audit.itemCount > audit.items.length) {
        lines.push(`      … ${audit.itemCount - audit.items.length} more`);
      }
    }
    if (p.performanceOpportunities.length > 0) {
      lines.push("  performance audits below 0.9:");
      for (const o of p.performanceOpportunities) {
        lines.push(
          `    - ${o.id}: ${o.title} (score ${o.score})${o.displayValue ? ` — ${o.displayValue}` : ""}`,
        );
      }
    }
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// The last PGlite run's figures (bench/baseline-pglite.json), and the targets

interface BaselineRow {
  requestsPerSecond: number;
  p99Ms: number;
  peakRssMB: number | null;
}

interface Baseline {
  about: string;
  load: Record<string, BaselineRow>;
  largeCatalog: Record<string, BaselineRow>;
  checkout: { ordersPerSecond: number; flowP99Ms: number } | null;
  memory: { serverIdleMB: number | null; serverPeakMB: number | null };
  productPageVsSameBytes: { ratio: number; p99Ms: number; note: string } | null;
}

const baselineFile = path.join(benchDir, "baseline-pglite.json");

async function readBaseline(): Promise<Baseline | null> {
  try {
    return JSON.parse(await readFile(baselineFile, "utf8")) as Baseline;
  } catch {
    return null;
  }
}

const median = (xs: number[]): number | null => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] ?? null);
};

interface TargetLine {
  target: string;
  before: string;
  now: string;
  met: boolean | null;
}

function printTargets(lines: TargetLine[]): string {
  return table(
    ["Target", "PGlite (0d421e6)", "embedded PostgreSQL", ""],
    lines.map((l) => [
      l.target,
      l.before,
      l.now,
      l.met === null ? "not run" : l.met ? "met" : "missed",
    ]),
    [false, true, true, false],
  );
}

// ---------------------------------------------------------------------------------------------
// Main

/**
 * What shoppers type, as the search bar asks for it: every prefix of 2 letters or more of each
 * query (answers are reused for 5 s, so one query repeated measures the reuse; these mostly do
 * not).
 */
const TYPED_QUERIES: readonly string[] = [
  "itchy dog",
  "hot spots",
  "fireworks",
  "turmeric chews",
  "senior cat",
  "calming drops",
  "joint pain",
  "picky eater",
  "ear infection",
  "bladder stones",
  "valerian",
  "chamomile tincture",
  "organic nettle",
  "milk thistle",
  "slippery elm",
  "skin and coat",
  "loose stool",
  "arthritis",
  "kitten",
  "puppy anxiety",
  "ginger",
  "scratching",
  "limping",
  "urinary",
  "wild yarrow",
].flatMap((q) =>
  Array.from(
    { length: q.length - 1 },
    (_, i) => `/api/search?${new URLSearchParams({ q: q.slice(0, i + 2), limit: "6" })}`,
  ),
);

/**
 * Queries no two requests share (so no answer is ever reused): a prefix of one word then a prefix
 * of another, of the words the demo and the generated catalogues use; about 15,000.
 */
const NEW_QUERIES: readonly string[] = (() => {
  const words = [
    "calming",
    "itchy",
    "joint",
    "senior",
    "kitten",
    "puppy",
    "drops",
    "chews",
    "balm",
    "nettle",
    "ginger",
    "skin",
    "bladder",
    "stool",
    "stress",
    "travel",
    "turmeric",
    "valerian",
    "organic",
    "gentle",
    "tincture",
    "powder",
    "spray",
    "yarrow",
    "licorice",
    "burdock",
    "dandelion",
    "echinacea",
    "hawthorn",
    "fungus",
  ];
  const prefixes = (w: string) => Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3));
  const queries: string[] = [];
  for (const first of words) {
    for (const second of words) {
      if (second === first) continue;
      for (const a of prefixes(first).slice(-3)) {
        for (const b of prefixes(second).slice(0, 6)) queries.push(`${a} ${b}`);
      }
    }
  }
  // Shuffled the same way every run, so consecutive requests do not share a first word.
  let seed = 1;
  for (let i = queries.length - 1; i > 0; i -= 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j] as string, queries[i] as string];
  }
  return queries.map((q) => `/api/search?${new URLSearchParams({ q, limit: "6" })}`);
})();

const ROTATIONS = { typed: TYPED_QUERIES, new: NEW_QUERIES } as const;

/**
 * Loads the demo stores and `count` generated products into a database of its own, starts a
 * second server on it, and runs the search rows against it.
 */
async function largeCatalogSearch(
  count: number,
  problems: string[],
): Promise<{ products: number; generateSeconds: number; rows: LoadRow[] }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-storefront-catalog-"));
  // mkdtemp makes it 0700; run as root, the embedded PostgreSQL runs as the OS user postgres,
  // which must be able to enter it (db/embedded.ts).
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  progress(`generating ${count} products into ${dataDir}`);
  const startedAt = Date.now();
  const generate = startChild(
    "generate-catalog",
    ["--import", "tsx", "bench/generate-catalog.ts", String(count)],
    { ...process.env, DATA_DIR: dataDir },
  );
  await generate.exited;
  if (generate.proc.exitCode !== 0) {
    throw new Error(`bench/generate-catalog.ts failed:\n${tail(generate)}`);
  }
  children.delete(generate);
  const generateSeconds = (Date.now() - startedAt) / 1000;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startChild("storefront server (large catalogue)", [...SERVE_FLAGS, serverMain], {
    ...SERVE_ENV,
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  await waitUntilReady(server, `${origin}/api/store`, READY_TIMEOUT_MS);
  const rows: LoadRow[] = [];
  for (const [name, searchPath] of [
    ["instant search (itchy dog)", PATHS.search],
    ["instant search, misspelt (scrching)", PATHS.searchMisspelt],
    [
      "instant search, a word in thousands of products (turmeric)",
      "/api/search?q=turmeric&limit=6",
    ],
    [`instant search, ${TYPED_QUERIES.length} typed queries in turn`, TYPED_QUERIES[0] ?? ""],
    [
      `instant search, a query never asked before each time (of ${NEW_QUERIES.length})`,
      NEW_QUERIES[0] ?? "",
    ],
  ] as const) {
    const url = `${origin}${searchPath}`;
    progress(`autocannon ${name} on ${count} products: ${url}`);
    try {
      const rss = sampleRss(server.proc.pid, dataDir);
      const row = await loadTest(
        name,
        url,
        {
          headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
          ...(name.includes("typed") ? { paths: TYPED_QUERIES } : {}),
          ...(name.includes("never asked") ? { paths: NEW_QUERIES } : {}),
        },
        server.proc.pid,
      );
      const peaks = await rss.stopBoth();
      row.peakRssBytes = peaks.server;
      row.peakDatabaseRssBytes = peaks.database;
      rows.push(row);
    } catch (error) {
      problems.push(`load test of ${url}: ${errorMessage(error)}`);
    }
  }
  if (!isRunning(server)) {
    problems.push(`the large catalogue's server exited during the run:\n${tail(server)}`);
  }
  await stopChild(server);
  children.delete(server);
  return { products: count, generateSeconds, rows };
}

async function main(): Promise<number> {
  const problems: string[] = [];
  const started = new Date();

  if (!existsSync(path.join(webBuildDir, "server", "index.js")) || !existsSync(serverMain)) {
    throw new Error(
      `No production build at ${webBuildDir} and ${serverMain}; run \`npm run build\` first.`,
    );
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-storefront-"));
  // mkdtemp makes it 0700; run as root, the embedded PostgreSQL runs as the OS user postgres,
  // which must be able to enter it (db/embedded.ts).
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const appPort = await freePort();
  const helloPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const helloOrigin = `http://127.0.0.1:${helloPort}`;

  progress(
    `loading the demo stores into ${dataDir} and stocking ${CHECKOUT_SKU} for the checkouts`,
  );
  const prepare = startChild(
    "prepare-stock",
    ["--import", "tsx", "bench/prepare-stock.ts", CHECKOUT_SKU],
    {
      ...process.env,
      DATA_DIR: dataDir,
    },
  );
  await prepare.exited;
  if (prepare.proc.exitCode !== 0) {
    throw new Error(`bench/prepare-stock.ts failed:\n${tail(prepare)}`);
  }
  children.delete(prepare);
  await pinDatabasePort(dataDir);
  const replayFile = path.join(dataDir, "replay-product.json");

  progress(`starting the production server on port ${appPort} (DATA_DIR ${dataDir})`);
  const app = startChild("storefront server", [...SERVE_FLAGS, serverMain], {
    ...SERVE_ENV,
    ...process.env,
    PORT: String(appPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // One trusted proxy hop: the chat row's requests come from many visitors' addresses.
    TRUST_PROXY: "1",
  });
  const hello = startChild("hello-world server", ["-e", HELLO_WORLD_SOURCE], {
    ...process.env,
    PORT: String(helloPort),
    REPLAY_FILE: replayFile,
  });
  const appReadyMs = await waitUntilReady(app, `${appOrigin}/api/store`, READY_TIMEOUT_MS);
  await waitUntilReady(hello, `${helloOrigin}/`, READY_TIMEOUT_MS);
  progress(`server ready after ${fmt(appReadyMs / 1000, 1)} s; waiting until it is idle`);
  const idle = await idleMemory(app.proc.pid, dataDir);
  progress(
    `idle after ${fmt(idle.waitedSeconds)} s: server ${mb(idle.server)}, embedded PostgreSQL ${mb(idle.database)}`,
  );
  // From here to the end of the load: the largest RSS of each process.
  const underLoad = sampleRss(app.proc.pid, dataDir);
  await saveAnswer(`${appOrigin}${PATHS.product}`, replayFile);

  // 1. Throughput
  const loadRows: LoadRow[] = [];
  for (const target of LOAD_TARGETS.filter((t) => wanted(t.name))) {
    const origin = target.target === "hello" ? helloOrigin : appOrigin;
    let path = target.path;
    if (path === PRODUCT_PAGE_BYTES) {
      const page = await probe(`${appOrigin}${PATHS.product}`, {
        "accept-encoding": BROWSER_ACCEPT_ENCODING,
      });
      if ("error" in page) {
        problems.push(`probe of the product page: ${page.error}`);
        continue;
      }
      path = `/bytes/${page.bytes}`;
    }
    const url = `${origin}${path}`;
    progress(
      `autocannon ${target.name}: ${url} (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s)`,
    );
    try {
      const headers: Record<string, string> = {
        ...(target.target === "app" && target.encoding !== "identity"
          ? { "accept-encoding": BROWSER_ACCEPT_ENCODING }
          : {}),
        ...(target.withCart ? { cookie: await cartCookie(origin) } : {}),
        ...(target.withVisit ? { cookie: await visitCookie(origin) } : {}),
        ...(target.contentType ? { "content-type": target.contentType } : {}),
      };
      const pid = target.target === "app" ? app.proc.pid : hello.proc.pid;
      const rss = sampleRss(pid, target.target === "app" ? dataDir : null);
      const row = await loadTest(
        target.name,
        url,
        {
          ...(target.method ? { method: target.method } : {}),
          ...(target.body ? { body: target.body } : {}),
          ...(target.rotate ? { paths: ROTATIONS[target.rotate] } : {}),
          ...(target.manyVisitors ? { manyVisitors: true } : {}),
          headers,
        },
        pid,
      );
      const peaks = await rss.stopBoth();
      row.peakRssBytes = peaks.server;
      row.peakDatabaseRssBytes = peaks.database;
      loadRows.push(row);
    } catch (error) {
      problems.push(`load test of ${url}: ${errorMessage(error)}`);
    }
  }
  const helloRps = loadRows.find((r) => r.name.startsWith("hello-world"))?.requestsPerSecond;
  for (const row of loadRows) {
    row.ratioToHelloWorld = helloRps ? row.requestsPerSecond / helloRps : null;
  }

  // The product page against node:http answering its very bytes and headers from memory, in
  // back-to-back pairs: the median pair's ratio says what the store's own work costs.
  const pairs: { sameBytes: LoadRow; page: LoadRow; ratio: number }[] = [];
  if (wanted("product page")) {
    for (let i = 1; i <= PAIRS; i++) {
      progress(`product page against the same bytes, pair ${i} of ${PAIRS}`);
      try {
        const encoding = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
        const sameBytes = await loadTest(
          "node:http, the product page's bytes and headers",
          `${helloOrigin}/replay`,
          { headers: encoding },
          hello.proc.pid,
        );
        const page = await loadTest(
          "product page",
          `${appOrigin}${PATHS.product}`,
          { headers: encoding },
          app.proc.pid,
        );
        pairs.push({
          sameBytes,
          page,
          ratio: page.requestsPerSecond / sameBytes.requestsPerSecond,
        });
      } catch (error) {
        problems.push(`product page pair ${i}: ${errorMessage(error)}`);
      }
    }
  }

  let checkout: CheckoutRow | null = null;
  if (wanted("full checkout")) {
    progress(
      `full checkouts: ${CONNECTIONS} shoppers at once, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s`,
    );
    try {
      checkout = await checkoutLoad(appOrigin, app.proc.pid);
    } catch (error) {
      problems.push(`checkout load: ${errorMessage(error)}`);
    }
  }

  const peakUnderLoad = await underLoad.stopBoth();

  // The write floors: the same statements, replayed by a bare script (write-floor.ts).
  const floors: Record<string, FloorRow> = {};
  const recordings: Record<string, FlowTemplate> = {};
  const floorLoad = {
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: DURATION_SECONDS,
  };
  const databaseUrl = await databaseUrlOf(dataDir);
  const logFile = path.join(dataDir, "postgres", "data", "server.log");
  const floorFlows: [string, string, () => Promise<void>][] = [
    [
      "add to cart",
      "add to cart",
      async () => {
        const response = await fetch(`${appOrigin}${ADD_TO_CART_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: ADD_TO_CART_BODY,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`add to cart answered ${response.status}`);
      },
    ],
    [
      "full checkout",
      "full checkout",
      async () => {
        const flow = await checkoutFlow(appOrigin);
        if (flow.status !== 200) throw new Error(`checkout answered ${flow.status}`);
      },
    ],
  ];
  for (const [key, part, flow] of floorFlows) {
    if (!wanted(part)) continue;
    if (databaseUrl === null || !existsSync(logFile)) {
      problems.push(`write floor of ${key}: needs the embedded PostgreSQL's log (no DATABASE_URL)`);
      continue;
    }
    progress(`write floor of ${key}: recording its statements, then replaying them`);
    try {
      const recorded = await recordFlow(databaseUrl, logFile, flow);
      recordings[key] = recorded;
      floors[key] = await replayFlow(databaseUrl, recorded, floorLoad);
    } catch (error) {
      problems.push(`write floor of ${key}: ${errorMessage(error)}`);
    }
  }

  // Each write path against its floor in back-to-back pairs (these hosts' speed drifts within
  // minutes, so a rate is compared with a floor measured just after it); a target takes the median.
  const writePaths: [string, () => Promise<number>][] = [
    [
      "add to cart",
      async () => {
        const run = await loadTest(
          "add to cart",
          `${appOrigin}${ADD_TO_CART_PATH}`,
          {
            method: "POST",
            body: ADD_TO_CART_BODY,
            headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
          },
          app.proc.pid,
        );
        return run.requestsPerSecond;
      },
    ],
    ["full checkout", async () => (await checkoutLoad(appOrigin, app.proc.pid)).ordersPerSecond],
  ];
  const floorPairs: Record<string, FloorPair[]> = {};
  for (const [key, measure] of writePaths) {
    const recording = recordings[key];
    if (databaseUrl === null || !recording) continue;
    const pairsOfPath: FloorPair[] = [];
    for (let i = 1; i <= FLOOR_PAIRS; i += 1) {
      progress(`${key} and its write floor, pair ${i} of ${FLOOR_PAIRS}`);
      try {
        const perSecond = await measure();
        const floor = await replayFlow(databaseUrl, recording, floorLoad);
        pairsOfPath.push({
          perSecond,
          floorPerSecond: floor.flowsPerSecond,
          ratio: perSecond / floor.flowsPerSecond,
        });
      } catch (error) {
        problems.push(`${key} pair ${i}: ${errorMessage(error)}`);
      }
    }
    floorPairs[key] = pairsOfPath;
  }
  const addPair = medianPair(floorPairs["add to cart"] ?? []);
  const checkoutPair = medianPair(floorPairs["full checkout"] ?? []);

  // The search rows again, on a catalogue of LARGE_CATALOG products in one store.
  let largeCatalog: { products: number; generateSeconds: number; rows: LoadRow[] } | null = null;
  if (LARGE_CATALOG > 0 && wanted("instant search")) {
    try {
      largeCatalog = await largeCatalogSearch(LARGE_CATALOG, problems);
    } catch (error) {
      problems.push(`large catalogue search: ${errorMessage(error)}`);
    }
  } else {
    progress("large catalogue skipped (BENCH_LARGE_CATALOG=0)");
  }

  // 2. JavaScript weight
  let js: JsReport | null = null;
  if (wanted("javascript")) {
    progress("measuring the product page's JavaScript");
    try {
      js = await measureProductPageJs(appOrigin);
    } catch (error) {
      problems.push(`JavaScript size: ${errorMessage(error)}`);
    }
  }

  // 3. Lighthouse (localhost: a secure context for Chrome, like production over https)
  let lighthousePages: LighthousePage[] | null = null;
  if (SKIP_LIGHTHOUSE || !wanted("lighthouse")) {
    progress(
      SKIP_LIGHTHOUSE
        ? "Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)"
        : "Lighthouse skipped (BENCH_ONLY)",
    );
  } else {
    try {
      lighthousePages = await runLighthouse(`http://localhost:${appPort}`, problems);
    } catch (error) {
      problems.push(`Lighthouse: ${errorMessage(error)}`);
    }
  }

  // Against the targets (issue 43), beside the last PGlite run's figures.
  const before = await readBaseline();
  const row = (rows: LoadRow[] | undefined, start: string) =>
    rows?.find((r) => r.name.startsWith(start)) ?? null;
  const p99 = (r: LoadRow | null) => (r === null ? null : r.latencyMs.p99);
  const beforeP99 = (rows: Record<string, BaselineRow> | undefined, start: string) => {
    const found = Object.entries(rows ?? {}).find(([name]) => name.startsWith(start));
    return found ? `p99 ${fmt(found[1].p99Ms)} ms (${fmt(found[1].requestsPerSecond)}/s)` : "n/a";
  };
  const atMost = (
    target: string,
    value: number | null,
    limit: number,
    shown: string,
    was: string,
  ) => ({
    target,
    before: was,
    now: value === null ? "n/a" : shown,
    met: value === null ? null : value <= limit,
  });
  const addToCart = row(loadRows, "add to cart");
  const coldDemo = row(loadRows, "instant search, a query never asked before");
  const coldLarge = row(largeCatalog?.rows, "instant search, a query never asked before");
  const chat = row(loadRows, "chat:");
  const pairRatio = median(pairs.map((p) => p.ratio));
  const pairP99 = median(pairs.map((p) => p.page.latencyMs.p99));
  const targets: TargetLine[] = [
    {
      target: "checkout ≥ 100 paid orders/s",
      before: before?.checkout ? `${fmt(before.checkout.ordersPerSecond, 1)}/s` : "n/a",
      now: checkout ? `${fmt(checkout.ordersPerSecond, 1)}/s` : "n/a",
      met: checkout ? checkout.ordersPerSecond >= 100 : null,
    },
    atMost(
      "add to cart p99 ≤ 20 ms",
      p99(addToCart),
      20,
      `p99 ${fmt(p99(addToCart) ?? 0)} ms (${fmt(addToCart?.requestsPerSecond ?? 0)}/s)`,
      beforeP99(before?.load, "add to cart"),
    ),
    atMost(
      "cold search p99 ≤ 30 ms (demo)",
      p99(coldDemo),
      30,
      `p99 ${fmt(p99(coldDemo) ?? 0)} ms (${fmt(coldDemo?.requestsPerSecond ?? 0)}/s)`,
      beforeP99(before?.load, "instant search, a query never asked before"),
    ),
    atMost(
      `cold search p99 ≤ 50 ms (${fmt(LARGE_CATALOG)} products)`,
      p99(coldLarge),
      50,
      `p99 ${fmt(p99(coldLarge) ?? 0)} ms (${fmt(coldLarge?.requestsPerSecond ?? 0)}/s)`,
      beforeP99(before?.largeCatalog, "instant search, a query never asked before"),
    ),
    atMost(
      "POST /api/chat p99 ≤ 50 ms",
      p99(chat),
      50,
      `p99 ${fmt(p99(chat) ?? 0)} ms (${fmt(chat?.requestsPerSecond ?? 0)}/s)`,
      beforeP99(before?.load, "chat:"),
    ),
    {
      target: "add to cart ≥ 50 % of its write floor",
      before: "n/a (no floor then)",
      now: addPair
        ? `${percent(addPair.ratio)} (${fmt(addPair.perSecond)} of ${fmt(addPair.floorPerSecond)}/s; median of ${floorPairs["add to cart"]?.length} pairs)`
        : "n/a",
      met: addPair ? addPair.ratio >= 0.5 : null,
    },
    {
      target: "checkout ≥ 50 % of its write floor",
      before: "n/a (no floor then)",
      now: checkoutPair
        ? `${percent(checkoutPair.ratio)} (${fmt(checkoutPair.perSecond, 1)} of ${fmt(checkoutPair.floorPerSecond, 1)}/s; median of ${floorPairs["full checkout"]?.length} pairs)`
        : "n/a",
      met: checkoutPair ? checkoutPair.ratio >= 0.5 : null,
    },
    {
      target: "product page ≥ 80 % of the same bytes, p99 ≤ 10 ms",
      before: before?.productPageVsSameBytes
        ? `${percent(before.productPageVsSameBytes.ratio)}, p99 ${fmt(before.productPageVsSameBytes.p99Ms)} ms`
        : "n/a",
      now:
        pairRatio === null || pairP99 === null
          ? "n/a"
          : `${percent(pairRatio)}, p99 ${fmt(pairP99)} ms (median of ${pairs.length})`,
      met: pairRatio === null || pairP99 === null ? null : pairRatio >= 0.8 && pairP99 <= 10,
    },
    {
      target: "server RSS idle after start ≤ 150 MB",
      before: before?.memory.serverIdleMB ? `${fmt(before.memory.serverIdleMB)} MB` : "n/a",
      now: mb(idle.server),
      met: idle.server === null ? null : idle.server <= 150 * 1024 * 1024,
    },
    {
      target: "server RSS under load ≤ 200 MB",
      before: before?.memory.serverPeakMB ? `${fmt(before.memory.serverPeakMB)} MB` : "n/a",
      now: mb(peakUnderLoad.server),
      met: peakUnderLoad.server === null ? null : peakUnderLoad.server <= 200 * 1024 * 1024,
    },
  ];

  const serverWarnings = app.output.slice(-50);
  if (!isRunning(app)) problems.push(`the storefront server exited during the run:\n${tail(app)}`);
  await cleanUp();

  const results = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGB: Math.round(os.totalmem() / 1e9),
    },
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: DURATION_SECONDS,
      lighthouse: SKIP_LIGHTHOUSE
        ? "skipped"
        : { chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS },
    },
    server: { readyMs: appReadyMs, lastOutput: serverWarnings },
    memory: {
      idle: {
        serverBytes: idle.server,
        databaseBytes: idle.database,
        afterSeconds: idle.waitedSeconds,
      },
      peakUnderLoad: { serverBytes: peakUnderLoad.server, databaseBytes: peakUnderLoad.database },
    },
    load: loadRows,
    productPageVsSameBytes: pairs,
    checkout,
    writeFloors: floors,
    floorPairs,
    targets,
    largeCatalog,
    productPageJavaScript: js,
    lighthouse: lighthousePages,
    problems,
  };
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

  const out: string[] = [];
  out.push("");
  out.push("=".repeat(100));
  out.push(
    `Storefront benchmark — ${started.toISOString()} — Node ${process.version}, ${results.environment.cpus} CPU(s) ${results.environment.cpuModel}`,
  );
  out.push(
    `Server ready ${fmt(appReadyMs / 1000, 1)} s after start (empty DATA_DIR: demo data + images).`,
  );
  out.push("=".repeat(100));
  out.push("");
  out.push(
    `Throughput: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured; every store request sends a browser's Accept-Encoding ("${BROWSER_ACCEPT_ENCODING}") except the rows marked "no compression"; peak RSS is the serving process's largest resident set during the row (budget: 300 MB); CPU/req is the serving process's CPU time per request (autocannon, on the same cores, limits req/s for compressed answers, see the row "node:http, as many random bytes"; CPU/req does not depend on it)`,
  );
  out.push(
    "(latency p50/p99 have 1 ms resolution; compare routes by the ratio to hello-world from the same run)",
  );
  out.push(printLoad(loadRows, before?.load));
  out.push("");
  out.push(
    `Memory (RSS; the embedded PostgreSQL's is the sum over the postmaster and its children, so the shared buffers count once per process that touched them): idle after start (${fmt(idle.waitedSeconds)} s) server ${mb(idle.server)}, PostgreSQL ${mb(idle.database)}; peak under load (every row above, the pairs and the checkouts) server ${mb(peakUnderLoad.server)}, PostgreSQL ${mb(peakUnderLoad.database)}; last PGlite run: server idle ${before?.memory.serverIdleMB ?? "n/a"} MB, peak ${before?.memory.serverPeakMB ?? "n/a"} MB (PostgreSQL ran inside it)`,
  );
  out.push("");
  if (pairs.length > 0) {
    out.push(
      "Product page against node:http answering its very bytes and headers from memory, back-to-back pairs:",
    );
    for (const [i, p] of pairs.entries()) {
      out.push(
        `  pair ${i + 1}: same bytes ${fmt(p.sameBytes.requestsPerSecond)}/s p99 ${fmt(p.sameBytes.latencyMs.p99)} ms; product page ${fmt(p.page.requestsPerSecond)}/s p99 ${fmt(p.page.latencyMs.p99)} ms, ${fmt(p.page.serverCpuUsPerRequest ?? 0)} µs CPU/req: ${percent(p.ratio)}`,
      );
    }
    out.push(
      `  median: ${pairRatio === null ? "n/a" : percent(pairRatio)}, p99 ${pairP99 === null ? "n/a" : `${fmt(pairP99)} ms`}; last PGlite run: ${before?.productPageVsSameBytes ? `${percent(before.productPageVsSameBytes.ratio)} (${before.productPageVsSameBytes.note})` : "n/a"}`,
    );
    out.push("");
  }
  out.push(
    checkout !== null
      ? printCheckout(checkout)
      : wanted("full checkout")
        ? "Full checkout: did not run (see problems)"
        : "Full checkout: skipped (BENCH_ONLY)",
  );
  if (before?.checkout) {
    out.push(
      `  last PGlite run: ${fmt(before.checkout.ordersPerSecond, 1)} paid orders/s, whole flow p99 ${fmt(before.checkout.flowP99Ms)} ms`,
    );
  }
  out.push("");
  for (const [name, floor] of Object.entries(floors)) {
    out.push(
      `Write floor of ${name}: its ${floor.statements} statements (${floor.transactions} transaction${floor.transactions === 1 ? "" : "s"}) replayed with pg on ${CONNECTIONS} connections: ${fmt(floor.flowsPerSecond, 1)} flows/s (${floor.flows} flows, ${floor.failedFlows} failed${floor.firstError ? `: ${floor.firstError}` : ""})`,
    );
  }
  for (const [name, pairsOfPath] of Object.entries(floorPairs)) {
    for (const [i, pair] of pairsOfPath.entries()) {
      out.push(
        `${name} against its floor, pair ${i + 1}: ${fmt(pair.perSecond, 1)}/s against ${fmt(pair.floorPerSecond, 1)} flows/s, ${percent(pair.ratio)}`,
      );
    }
  }
  if (Object.keys(floors).length > 0) out.push("");
  out.push("Targets (issue 43):");
  out.push(printTargets(targets));
  out.push("");
  out.push("-".repeat(100));
  if (largeCatalog === null) {
    out.push(
      LARGE_CATALOG <= 0
        ? "Search on a large catalogue: skipped (BENCH_LARGE_CATALOG=0)"
        : wanted("instant search")
          ? "Search on a large catalogue: did not run (see problems)"
          : "Search on a large catalogue: skipped (BENCH_ONLY)",
    );
  } else {
    out.push(
      `Search on a large catalogue: the demo stores plus ${largeCatalog.products} generated products in the pet store (generated and indexed in ${fmt(largeCatalog.generateSeconds, 1)} s)`,
    );
    out.push(printLoad(largeCatalog.rows, before?.largeCatalog));
  }
  out.push("");
  out.push("-".repeat(100));
  out.push("Product page JavaScript (1 KB = 1000 bytes, 1 KiB = 1024 bytes)");
  out.push(
    js !== null
      ? printJs(js)
      : wanted("javascript")
        ? "not measured (see problems)"
        : "skipped (BENCH_ONLY)",
  );
  out.push("");
  out.push("-".repeat(100));
  if (lighthousePages === null) {
    out.push(
      SKIP_LIGHTHOUSE
        ? "Lighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)"
        : wanted("lighthouse")
          ? "Lighthouse: did not run (see problems)"
          : "Lighthouse: skipped (BENCH_ONLY)",
    );
  } else {
    out.push(printLighthouse(lighthousePages));
  }
  if (serverWarnings.length > 0) {
    out.push("");
    out.push("-".repeat(100));
    out.push(`Server output during the run (LOG_LEVEL=warn, last ${serverWarnings.length} lines):`);
    for (const line of serverWarnings) out.push(`  ${line.slice(0, 300)}`);
  }
  out.push("");
  out.push("=".repeat(100));
  if (problems.length > 0) {
    out.push("Could not run:");
    for (const p of problems) out.push(`  - ${p}`);
  }
  out.push(`Results: ${path.relative(repoRoot, resultsFile)}`);
  console.log(out.join("\n"));
  return problems.length > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\nbench could not run: ${errorMessage(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
