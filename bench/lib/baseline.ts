/** The last PGlite run's figures (bench/baseline-pglite.json), printed beside this run's. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { benchDir } from "./settings.ts";

export interface BaselineRow {
  requestsPerSecond: number;
  p99Ms: number;
  peakRssMB: number | null;
}

export interface Baseline {
  about: string;
  load: Record<string, BaselineRow>;
  largeCatalog: Record<string, BaselineRow>;
  checkout: { ordersPerSecond: number; flowP99Ms: number } | null;
  memory: { serverIdleMB: number | null; serverPeakMB: number | null };
  productPageVsSameBytes: { ratio: number; p99Ms: number; note: string } | null;
}

const baselineFile = path.join(benchDir, "baseline-pglite.json");

export async function readBaseline(): Promise<Baseline | null> {
  try {
    return JSON.parse(await readFile(baselineFile, "utf8")) as Baseline;
  } catch {
    return null;
  }
}
