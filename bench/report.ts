/**
 * What a run leaves: every figure in bench/results/latest.json, and the report printed at the end
 * (each scenario's section, in the order they ran, the targets after the write floors).
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Baseline } from "./lib/baseline.ts";
import { fmt } from "./lib/format.ts";
import type { LoadRow } from "./lib/load-test.ts";
import type { Memory } from "./lib/proc-stats.ts";
import {
  CHROME_FLAGS,
  CHROME_PATH,
  CONNECTIONS,
  DURATION_SECONDS,
  repoRoot,
  resultsFile,
  SKIP_LIGHTHOUSE,
  WARMUP_SECONDS,
} from "./lib/settings.ts";
import { type CheckoutRow, printCheckout } from "./scenarios/checkout.ts";
import { type JsReport, printJavaScriptWeight } from "./scenarios/javascript-weight.ts";
import { type LargeCatalog, printLargeCatalogSearch } from "./scenarios/large-catalog-search.ts";
import { type LighthousePage, printLighthouse } from "./scenarios/lighthouse.ts";
import { type IdleMemory, printMemory } from "./scenarios/memory.ts";
import { type ProductPagePair, printProductPagePairs } from "./scenarios/product-page-pairs.ts";
import { printTargets, type TargetLine } from "./scenarios/targets.ts";
import { printThroughput } from "./scenarios/throughput.ts";
import { printWriteFloors, type WriteFloors } from "./scenarios/write-floors.ts";

/** Everything one run measured, and what could not run. */
export interface BenchRun {
  started: Date;
  appReadyMs: number;
  /** The store's last lines of output (LOG_LEVEL=warn). */
  serverWarnings: string[];
  idle: IdleMemory;
  peakUnderLoad: Memory;
  loadRows: LoadRow[];
  pairs: ProductPagePair[];
  checkout: CheckoutRow | null;
  writeFloors: WriteFloors;
  largeCatalog: LargeCatalog | null;
  js: JsReport | null;
  lighthouse: LighthousePage[] | null;
  before: Baseline | null;
  targets: TargetLine[];
  problems: string[];
}

/** Writes bench/results/latest.json and prints the report on stdout. */
export async function report(run: BenchRun): Promise<void> {
  const { started, appReadyMs, serverWarnings, idle, peakUnderLoad, before, problems } = run;
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
    load: run.loadRows,
    productPageVsSameBytes: run.pairs,
    checkout: run.checkout,
    writeFloors: run.writeFloors.floors,
    floorPairs: run.writeFloors.floorPairs,
    targets: run.targets,
    largeCatalog: run.largeCatalog,
    productPageJavaScript: run.js,
    lighthouse: run.lighthouse,
    problems,
  };
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

  const rule = "-".repeat(100);
  const out = [
    "",
    "=".repeat(100),
    `Storefront benchmark — ${started.toISOString()} — Node ${process.version}, ${results.environment.cpus} CPU(s) ${results.environment.cpuModel}`,
    `Server ready ${fmt(appReadyMs / 1000, 1)} s after start (empty DATA_DIR: demo data + images).`,
    "=".repeat(100),
    "",
    ...printThroughput(run.loadRows, before),
    ...printMemory(idle, peakUnderLoad, before),
    ...printProductPagePairs(run.pairs, before),
    ...printCheckout(run.checkout, before),
    ...printWriteFloors(run.writeFloors),
    ...printTargets(run.targets),
    rule,
    ...printLargeCatalogSearch(run.largeCatalog, before),
    rule,
    ...printJavaScriptWeight(run.js),
    rule,
    ...printLighthouse(run.lighthouse),
  ];
  if (serverWarnings.length > 0) {
    out.push(
      "",
      rule,
      `Server output during the run (LOG_LEVEL=warn, last ${serverWarnings.length} lines):`,
      ...serverWarnings.map((line) => `  ${line.slice(0, 300)}`),
    );
  }
  out.push("", "=".repeat(100));
  if (problems.length > 0) {
    out.push("Could not run:", ...problems.map((p) => `  - ${p}`));
  }
  out.push(`Results: ${path.relative(repoRoot, resultsFile)}`);
  console.log(out.join("\n"));
}
