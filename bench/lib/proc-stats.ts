/**
 * How much memory and CPU time the measured processes use: the store server, the node:http
 * server and the embedded PostgreSQL's processes, read from Linux's /proc (null elsewhere).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Resident sets of the store server and of the embedded PostgreSQL, in bytes. */
export interface Memory {
  server: number | null;
  database: number | null;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far (Linux), or null where unreadable. */
export async function cpuSeconds(pid: number | undefined): Promise<number | null> {
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
async function memoryNow(serverPid: number | undefined, dataDir: string | null): Promise<Memory> {
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
export function sampleRss(
  pid: number | undefined,
  dataDir: string | null = null,
): { stopBoth(): Promise<Memory> } {
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
  return {
    stopBoth: async () => {
      clearInterval(timer);
      await take();
      return { server: peak, database: databasePeak };
    },
  };
}

/**
 * Waits until the server is idle (under 2 % of a core for 3 s in a row; at most 90 s: the
 * start-up's image warm-up runs after it is ready), then answers both RSS figures.
 */
export async function idleMemory(
  serverPid: number | undefined,
  dataDir: string,
): Promise<Memory & { waitedSeconds: number }> {
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
