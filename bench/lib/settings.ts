/**
 * What the bench measures and for how long: the repo's paths, the production server's command
 * line, and the options read from the environment (BENCH_*, CHROMIUM_PATH, NODE_HEAP_MB).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.resolve(benchDir, "..");
export const resultsDir = path.join(benchDir, "results");
export const resultsFile = path.join(resultsDir, "latest.json");
export const webBuildDir = path.join(repoRoot, "apps", "web", "build");
/** The compiled server `npm start` runs (apps/server/scripts/build.ts)… */
export const serverMain = path.join(repoRoot, "apps", "server", "dist", "main.js");
/** …with the environment of `npm run serve` (package.json): glibc's malloc in two arenas… */
export const SERVE_ENV = { MALLOC_ARENA_MAX: "2" };
/** …and its V8 flags. */
export const SERVE_FLAGS = [
  `--max-old-space-size=${process.env.NODE_HEAP_MB ?? "128"}`,
  "--max-semi-space-size=4",
  ...(process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []),
];

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 2;
export const DURATION_SECONDS = readDuration(process.env.BENCH_DURATION);
export const SKIP_LIGHTHOUSE = ["1", "true", "yes"].includes(
  (process.env.BENCH_SKIP_LIGHTHOUSE ?? "").toLowerCase(),
);
/**
 * Only the load rows, checkout run, JavaScript measure and Lighthouse run whose names contain this
 * (case-insensitive); every part when unset.
 */
const ONLY = (process.env.BENCH_ONLY ?? "").toLowerCase();
export function wanted(name: string): boolean {
  return ONLY === "" || name.toLowerCase().includes(ONLY);
}
/** The search rows again on a catalogue this large (generate-catalog.ts); 0 skips them. */
export const LARGE_CATALOG = Number(process.env.BENCH_LARGE_CATALOG ?? "50000");
export const READY_TIMEOUT_MS = 60_000;
export const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/**
 * The first of the 50 ports this bench takes: 4700-4749 (the machine's rule for benchmarks), or
 * the 50 from BENCH_PORT_BASE, for a second run beside one that holds them.
 */
export const PORT_BASE = readPortBase(process.env.BENCH_PORT_BASE);

/** What Chromium sends. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

function readDuration(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds, got "${raw}"`);
  }
  return seconds;
}

function readPortBase(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 4700;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base > 65_535 - 49) {
    throw new Error(`BENCH_PORT_BASE must be a port from 1024 to 65486, got "${raw}"`);
  }
  return base;
}
