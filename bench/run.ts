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
 *
 * This file runs the scenarios (scenarios/, one file each) in order on the servers lib/servers.ts
 * starts, then report.ts writes the results and prints them.
 */
import { readBaseline } from "./lib/baseline.ts";
import { cleanUp, isRunning, tail } from "./lib/children.ts";
import { errorMessage } from "./lib/format.ts";
import { startBenchServers } from "./lib/servers.ts";
import { report } from "./report.ts";
import { runCheckout } from "./scenarios/checkout.ts";
import { runJavaScriptWeight } from "./scenarios/javascript-weight.ts";
import { runLargeCatalogSearch } from "./scenarios/large-catalog-search.ts";
import { runLighthouse } from "./scenarios/lighthouse.ts";
import { measureIdleMemory, startPeakMemory } from "./scenarios/memory.ts";
import { runProductPagePairs, saveReplay } from "./scenarios/product-page-pairs.ts";
import { targetLines } from "./scenarios/targets.ts";
import { runThroughput } from "./scenarios/throughput.ts";
import { runWriteFloors } from "./scenarios/write-floors.ts";

async function main(): Promise<number> {
  const problems: string[] = [];
  const started = new Date();
  const servers = await startBenchServers();
  const idle = await measureIdleMemory(servers);
  // From here to the end of the load: the largest RSS of each process.
  const underLoad = startPeakMemory(servers);
  await saveReplay(servers);

  // 1. Throughput, then the store's own work, checkouts and writes against their floors
  const loadRows = await runThroughput(servers, problems);
  const pairs = await runProductPagePairs(servers, problems);
  const checkout = await runCheckout(servers, problems);
  const peakUnderLoad = await underLoad.stopBoth();
  const writeFloors = await runWriteFloors(servers, problems);
  const largeCatalog = await runLargeCatalogSearch(problems);
  // 2. JavaScript weight
  const js = await runJavaScriptWeight(servers, problems);
  // 3. Lighthouse
  const lighthouse = await runLighthouse(servers, problems);

  // Against the targets (issue 43), beside the last PGlite run's figures.
  const before = await readBaseline();
  const targets = targetLines({
    before,
    loadRows,
    largeCatalog,
    checkout,
    writeFloors,
    pairs,
    idle,
    peakUnderLoad,
  });

  const { app } = servers;
  const serverWarnings = app.output.slice(-50);
  if (!isRunning(app)) problems.push(`the storefront server exited during the run:\n${tail(app)}`);
  await cleanUp();

  await report({
    started,
    appReadyMs: servers.appReadyMs,
    serverWarnings,
    idle,
    peakUnderLoad,
    loadRows,
    pairs,
    checkout,
    writeFloors,
    largeCatalog,
    js,
    lighthouse,
    before,
    targets,
    problems,
  });
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
