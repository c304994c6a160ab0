/**
 * How fast does search answer on a large catalogue: the search rows again, against a second
 * store on a database of its own with the demo stores and LARGE_CATALOG generated products.
 */
import type { Baseline } from "../lib/baseline.ts";
import { isRunning, runScript, stopChild, tail, waitUntilReady } from "../lib/children.ts";
import { fmt, progress } from "../lib/format.ts";
import { type LoadRow, loadTestWithPeaks, printLoad } from "../lib/load-test.ts";
import { attempt, whyNotRun } from "../lib/problems.ts";
import { NEW_QUERIES, TYPED_QUERIES } from "../lib/search-queries.ts";
import { freePort, newDataDir, startStore } from "../lib/servers.ts";
import {
  BROWSER_ACCEPT_ENCODING,
  LARGE_CATALOG,
  READY_TIMEOUT_MS,
  wanted,
} from "../lib/settings.ts";
import { PATHS } from "../lib/store-requests.ts";

export interface LargeCatalog {
  products: number;
  /** How long the catalogue took to generate and index. */
  generateSeconds: number;
  rows: LoadRow[];
}

/** The search rows, as [name, path]; "typed" and "never asked" rows take their queries in turn. */
const SEARCH_ROWS = [
  ["instant search (itchy dog)", PATHS.search],
  ["instant search, misspelt (scrching)", PATHS.searchMisspelt],
  ["instant search, a word in thousands of products (turmeric)", "/api/search?q=turmeric&limit=6"],
  [`instant search, ${TYPED_QUERIES.length} typed queries in turn`, TYPED_QUERIES[0] ?? ""],
  [
    `instant search, a query never asked before each time (of ${NEW_QUERIES.length})`,
    NEW_QUERIES[0] ?? "",
  ],
] as const;

/**
 * Loads the demo stores and `count` generated products into a database of its own, starts a
 * second server on it, and runs the search rows against it.
 */
async function largeCatalogSearch(count: number, problems: string[]): Promise<LargeCatalog> {
  const dataDir = await newDataDir("bench-storefront-catalog-");
  progress(`generating ${count} products into ${dataDir}`);
  const startedAt = Date.now();
  await runScript("bench/generate-catalog.ts", [String(count)], dataDir);
  const generateSeconds = (Date.now() - startedAt) / 1000;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startStore("storefront server (large catalogue)", dataDir, port);
  await waitUntilReady(server, `${origin}/api/store`, READY_TIMEOUT_MS);
  const rows: LoadRow[] = [];
  for (const [name, searchPath] of SEARCH_ROWS) {
    const url = `${origin}${searchPath}`;
    progress(`autocannon ${name} on ${count} products: ${url}`);
    const row = await attempt(problems, `load test of ${url}`, () =>
      loadTestWithPeaks(
        name,
        url,
        {
          headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
          ...(name.includes("typed") ? { paths: TYPED_QUERIES } : {}),
          ...(name.includes("never asked") ? { paths: NEW_QUERIES } : {}),
        },
        server.proc.pid,
        dataDir,
      ),
    );
    if (row !== null) rows.push(row);
  }
  if (!isRunning(server)) {
    problems.push(`the large catalogue's server exited during the run:\n${tail(server)}`);
  }
  await stopChild(server);
  return { products: count, generateSeconds, rows };
}

/** The search rows on LARGE_CATALOG products; null when skipped or when it could not run. */
export async function runLargeCatalogSearch(problems: string[]): Promise<LargeCatalog | null> {
  if (LARGE_CATALOG > 0 && wanted("instant search")) {
    return attempt(problems, "large catalogue search", () =>
      largeCatalogSearch(LARGE_CATALOG, problems),
    );
  }
  progress("large catalogue skipped (BENCH_LARGE_CATALOG=0)");
  return null;
}

export function printLargeCatalogSearch(
  largeCatalog: LargeCatalog | null,
  before: Baseline | null,
): string[] {
  if (largeCatalog === null) {
    const off = LARGE_CATALOG <= 0 ? "BENCH_LARGE_CATALOG=0" : undefined;
    return [`Search on a large catalogue: ${whyNotRun("instant search", { off })}`, ""];
  }
  return [
    `Search on a large catalogue: the demo stores plus ${largeCatalog.products} generated products in the pet store (generated and indexed in ${fmt(largeCatalog.generateSeconds, 1)} s)`,
    printLoad(largeCatalog.rows, before?.largeCatalog),
    "",
  ];
}
