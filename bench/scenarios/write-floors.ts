/**
 * How close do the write paths (add to cart, a whole checkout) come to their floors: the same SQL
 * statements replayed by a bare script (write-floor.ts), each path run again just before each of
 * back-to-back replays of its floor (the median pair is reported).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fmt, percent, progress } from "../lib/format.ts";
import { loadTest } from "../lib/load-test.ts";
import { attempt } from "../lib/problems.ts";
import { type BenchServers, databaseUrlOf } from "../lib/servers.ts";
import {
  BROWSER_ACCEPT_ENCODING,
  CONNECTIONS,
  DURATION_SECONDS,
  WARMUP_SECONDS,
  wanted,
} from "../lib/settings.ts";
import {
  ADD_TO_CART_BODY,
  ADD_TO_CART_PATH,
  addToCart,
  checkoutFlow,
} from "../lib/store-requests.ts";
import { type FloorResult, type FlowTemplate, recordFlow, replayFlow } from "../write-floor.ts";
import { checkoutLoad } from "./checkout.ts";

/** How many back-to-back pairs of a write path and its floor its target takes. */
const FLOOR_PAIRS = 3;

/** One run of a write path (flows per second) and the replay of its floor just after it. */
export interface FloorPair {
  perSecond: number;
  floorPerSecond: number;
  ratio: number;
}

export interface WriteFloors {
  /** Each write path's floor, replayed once after its recording. */
  floors: Record<string, FloorResult>;
  /** Each write path's back-to-back pairs with its floor. */
  floorPairs: Record<string, FloorPair[]>;
}

interface WritePath {
  /** Its name, as BENCH_ONLY matches it. */
  name: string;
  /** One flow, as it is recorded; throws if the store refused it. */
  once(servers: BenchServers): Promise<void>;
  /** Its rate under load, flows per second. */
  perSecond(servers: BenchServers): Promise<number>;
}

const WRITE_PATHS: WritePath[] = [
  {
    name: "add to cart",
    once: async ({ appOrigin }) => {
      const response = await addToCart(appOrigin);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`add to cart answered ${response.status}`);
    },
    perSecond: async ({ appOrigin, app }) => {
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
  },
  {
    name: "full checkout",
    once: async ({ appOrigin }) => {
      const flow = await checkoutFlow(appOrigin);
      if (flow.status !== 200) throw new Error(`checkout answered ${flow.status}`);
    },
    perSecond: async ({ appOrigin, app }) =>
      (await checkoutLoad(appOrigin, app.proc.pid)).ordersPerSecond,
  },
];

/** The pair of the median ratio; null for none. */
export function medianPair(pairs: FloorPair[]): FloorPair | null {
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/**
 * Records and replays the floor of each write path BENCH_ONLY wants, then (these hosts' speed
 * drifts within minutes, so a rate is compared with a floor measured just after it) each recorded
 * path against its floor in FLOOR_PAIRS back-to-back pairs.
 */
export async function runWriteFloors(
  servers: BenchServers,
  problems: string[],
): Promise<WriteFloors> {
  const floors: Record<string, FloorResult> = {};
  const recordings: Record<string, FlowTemplate> = {};
  const floorLoad = {
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: DURATION_SECONDS,
  };
  const databaseUrl = await databaseUrlOf(servers.dataDir);
  const logFile = path.join(servers.dataDir, "postgres", "data", "server.log");
  for (const { name, once } of WRITE_PATHS) {
    if (!wanted(name)) continue;
    if (databaseUrl === null || !existsSync(logFile)) {
      problems.push(
        `write floor of ${name}: needs the embedded PostgreSQL's log (no DATABASE_URL)`,
      );
      continue;
    }
    progress(`write floor of ${name}: recording its statements, then replaying them`);
    await attempt(problems, `write floor of ${name}`, async () => {
      const recorded = await recordFlow(databaseUrl, logFile, () => once(servers));
      recordings[name] = recorded;
      floors[name] = await replayFlow(databaseUrl, recorded, floorLoad);
    });
  }

  const floorPairs: Record<string, FloorPair[]> = {};
  for (const { name, perSecond } of WRITE_PATHS) {
    const recording = recordings[name];
    if (databaseUrl === null || !recording) continue;
    const pairsOfPath: FloorPair[] = [];
    for (let i = 1; i <= FLOOR_PAIRS; i += 1) {
      progress(`${name} and its write floor, pair ${i} of ${FLOOR_PAIRS}`);
      const pair = await attempt(problems, `${name} pair ${i}`, async () => {
        const rate = await perSecond(servers);
        const floor = await replayFlow(databaseUrl, recording, floorLoad);
        return {
          perSecond: rate,
          floorPerSecond: floor.flowsPerSecond,
          ratio: rate / floor.flowsPerSecond,
        };
      });
      if (pair !== null) pairsOfPath.push(pair);
    }
    floorPairs[name] = pairsOfPath;
  }
  return { floors, floorPairs };
}

export function printWriteFloors({ floors, floorPairs }: WriteFloors): string[] {
  const lines: string[] = [];
  for (const [name, floor] of Object.entries(floors)) {
    lines.push(
      `Write floor of ${name}: its ${floor.statements} statements (${floor.transactions} transaction${floor.transactions === 1 ? "" : "s"}) replayed with pg on ${CONNECTIONS} connections: ${fmt(floor.flowsPerSecond, 1)} flows/s (${floor.flows} flows, ${floor.failedFlows} failed${floor.firstError ? `: ${floor.firstError}` : ""})`,
    );
  }
  for (const [name, pairsOfPath] of Object.entries(floorPairs)) {
    for (const [i, pair] of pairsOfPath.entries()) {
      lines.push(
        `${name} against its floor, pair ${i + 1}: ${fmt(pair.perSecond, 1)}/s against ${fmt(pair.floorPerSecond, 1)} flows/s, ${percent(pair.ratio)}`,
      );
    }
  }
  if (Object.keys(floors).length > 0) lines.push("");
  return lines;
}
