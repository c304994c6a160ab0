/**
 * Does this run meet issue 43's targets: each target with the last PGlite run's figure and this
 * run's, met or missed (or not run), from the figures the other scenarios measured.
 */
import type { Baseline, BaselineRow } from "../lib/baseline.ts";
import { fmt, mb, percent, table } from "../lib/format.ts";
import type { LoadRow } from "../lib/load-test.ts";
import type { Memory } from "../lib/proc-stats.ts";
import { LARGE_CATALOG } from "../lib/settings.ts";
import type { CheckoutRow } from "./checkout.ts";
import type { LargeCatalog } from "./large-catalog-search.ts";
import { type ProductPagePair, pairMedians } from "./product-page-pairs.ts";
import { type FloorPair, medianPair, type WriteFloors } from "./write-floors.ts";

export interface TargetLine {
  target: string;
  before: string;
  now: string;
  met: boolean | null;
}

/** What the targets are read from. */
export interface Measured {
  before: Baseline | null;
  loadRows: LoadRow[];
  largeCatalog: LargeCatalog | null;
  checkout: CheckoutRow | null;
  writeFloors: WriteFloors;
  pairs: ProductPagePair[];
  idle: Memory;
  peakUnderLoad: Memory;
}

const p99Text = (p99: number, perSecond: number) => `p99 ${fmt(p99)} ms (${fmt(perSecond)}/s)`;

/** The p99 of the first row whose name starts with `start`, at most `limitMs`. */
function p99Target(
  target: string,
  limitMs: number,
  start: string,
  rows: LoadRow[] | undefined,
  beforeRows: Record<string, BaselineRow> | undefined,
): TargetLine {
  const row = rows?.find((r) => r.name.startsWith(start));
  const was = Object.entries(beforeRows ?? {}).find(([name]) => name.startsWith(start))?.[1];
  return {
    target,
    before: was ? p99Text(was.p99Ms, was.requestsPerSecond) : "n/a",
    now: row ? p99Text(row.latencyMs.p99, row.requestsPerSecond) : "n/a",
    met: row ? row.latencyMs.p99 <= limitMs : null,
  };
}

/** A write path's median pair at half its floor's rate or more. */
function floorTarget(target: string, pairs: FloorPair[] | undefined, digits: number): TargetLine {
  const pair = medianPair(pairs ?? []);
  return {
    target,
    before: "n/a (no floor then)",
    now: pair
      ? `${percent(pair.ratio)} (${fmt(pair.perSecond, digits)} of ${fmt(pair.floorPerSecond, digits)}/s; median of ${pairs?.length} pairs)`
      : "n/a",
    met: pair ? pair.ratio >= 0.5 : null,
  };
}

/** The server's RSS at most `limitMB`. */
function rssTarget(
  target: string,
  limitMB: number,
  bytes: number | null,
  beforeMB: number | null | undefined,
): TargetLine {
  return {
    target,
    before: beforeMB ? `${fmt(beforeMB)} MB` : "n/a",
    now: mb(bytes),
    met: bytes === null ? null : bytes <= limitMB * 1024 * 1024,
  };
}

export function targetLines(m: Measured): TargetLine[] {
  const { before, checkout } = m;
  const cold = "instant search, a query never asked before";
  const pairs = pairMedians(m.pairs);
  return [
    {
      target: "checkout ≥ 100 paid orders/s",
      before: before?.checkout ? `${fmt(before.checkout.ordersPerSecond, 1)}/s` : "n/a",
      now: checkout ? `${fmt(checkout.ordersPerSecond, 1)}/s` : "n/a",
      met: checkout ? checkout.ordersPerSecond >= 100 : null,
    },
    p99Target("add to cart p99 ≤ 20 ms", 20, "add to cart", m.loadRows, before?.load),
    p99Target("cold search p99 ≤ 30 ms (demo)", 30, cold, m.loadRows, before?.load),
    p99Target(
      `cold search p99 ≤ 50 ms (${fmt(LARGE_CATALOG)} products)`,
      50,
      cold,
      m.largeCatalog?.rows,
      before?.largeCatalog,
    ),
    p99Target("POST /api/chat p99 ≤ 50 ms", 50, "chat:", m.loadRows, before?.load),
    floorTarget(
      "add to cart ≥ 50 % of its write floor",
      m.writeFloors.floorPairs["add to cart"],
      0,
    ),
    floorTarget("checkout ≥ 50 % of its write floor", m.writeFloors.floorPairs["full checkout"], 1),
    {
      target: "product page ≥ 80 % of the same bytes, p99 ≤ 10 ms",
      before: before?.productPageVsSameBytes
        ? `${percent(before.productPageVsSameBytes.ratio)}, p99 ${fmt(before.productPageVsSameBytes.p99Ms)} ms`
        : "n/a",
      now:
        pairs.ratio === null || pairs.p99 === null
          ? "n/a"
          : `${percent(pairs.ratio)}, p99 ${fmt(pairs.p99)} ms (median of ${m.pairs.length})`,
      met:
        pairs.ratio === null || pairs.p99 === null ? null : pairs.ratio >= 0.8 && pairs.p99 <= 10,
    },
    rssTarget(
      "server RSS idle after start ≤ 150 MB",
      150,
      m.idle.server,
      before?.memory.serverIdleMB,
    ),
    rssTarget(
      "server RSS under load ≤ 200 MB",
      200,
      m.peakUnderLoad.server,
      before?.memory.serverPeakMB,
    ),
  ];
}

export function printTargets(lines: TargetLine[]): string[] {
  return [
    "Targets (issue 43):",
    table(
      ["Target", "PGlite (0d421e6)", "embedded PostgreSQL", ""],
      lines.map((l) => [
        l.target,
        l.before,
        l.now,
        l.met === null ? "not run" : l.met ? "met" : "missed",
      ]),
      [false, true, true, false],
    ),
    "",
  ];
}
