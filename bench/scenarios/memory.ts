/**
 * How much memory do the store and its embedded PostgreSQL hold: idle after start, and at their
 * peak under the load of the throughput rows, the product page pairs and the checkouts.
 */
import type { Baseline } from "../lib/baseline.ts";
import { fmt, mb, progress } from "../lib/format.ts";
import { idleMemory, type Memory, sampleRss } from "../lib/proc-stats.ts";
import type { BenchServers } from "../lib/servers.ts";

export type IdleMemory = Memory & { waitedSeconds: number };

/** Waits until the store is idle after its start, and answers both processes' RSS then. */
export async function measureIdleMemory(servers: BenchServers): Promise<IdleMemory> {
  progress(`server ready after ${fmt(servers.appReadyMs / 1000, 1)} s; waiting until it is idle`);
  const idle = await idleMemory(servers.app.proc.pid, servers.dataDir);
  progress(
    `idle after ${fmt(idle.waitedSeconds)} s: server ${mb(idle.server)}, embedded PostgreSQL ${mb(idle.database)}`,
  );
  return idle;
}

/** Samples both processes' RSS from now until `stopBoth`, which answers the peaks. */
export function startPeakMemory(servers: BenchServers): { stopBoth(): Promise<Memory> } {
  return sampleRss(servers.app.proc.pid, servers.dataDir);
}

export function printMemory(
  idle: IdleMemory,
  peakUnderLoad: Memory,
  before: Baseline | null,
): string[] {
  return [
    `Memory (RSS; the embedded PostgreSQL's is the sum over the postmaster and its children, so the shared buffers count once per process that touched them): idle after start (${fmt(idle.waitedSeconds)} s) server ${mb(idle.server)}, PostgreSQL ${mb(idle.database)}; peak under load (every row above, the pairs and the checkouts) server ${mb(peakUnderLoad.server)}, PostgreSQL ${mb(peakUnderLoad.database)}; last PGlite run: server idle ${before?.memory.serverIdleMB ?? "n/a"} MB, peak ${before?.memory.serverPeakMB ?? "n/a"} MB (PostgreSQL ran inside it)`,
    "",
  ];
}
