/**
 * The bench's child processes (servers and helper scripts) and what else it must undo: each is
 * stopped, and each clean-up run, when the bench ends, however it ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { errorMessage } from "./format.ts";
import { repoRoot } from "./settings.ts";

export interface ManagedChild {
  name: string;
  proc: ChildProcess;
  /** Last lines the process wrote (stdout and stderr), for error messages. */
  output: string[];
  exited: Promise<void>;
}

const children = new Set<ManagedChild>();
const cleanups: (() => Promise<void>)[] = [];

/** Runs `fn` when the bench ends, after its children are stopped (last registered, first run). */
export function onCleanUp(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): ManagedChild {
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

/** Runs one of the bench's scripts (`bench/….ts`) on `dataDir` to its end; throws if it fails. */
export async function runScript(script: string, args: string[], dataDir: string): Promise<void> {
  const child = startChild(path.basename(script, ".ts"), ["--import", "tsx", script, ...args], {
    ...process.env,
    DATA_DIR: dataDir,
  });
  await child.exited;
  if (child.proc.exitCode !== 0) throw new Error(`${script} failed:\n${tail(child)}`);
  children.delete(child);
}

export function isRunning(child: ManagedChild): boolean {
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

export async function stopChild(child: ManagedChild): Promise<void> {
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
export function cleanUp(): Promise<void> {
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

/** Waits until `url` answers 200; answers the milliseconds it took. */
export async function waitUntilReady(
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

export function tail(child: ManagedChild, lines = 30): string {
  const out = child.output.slice(-lines);
  return out.length === 0 ? "  (nothing)" : out.map((l) => `  ${l}`).join("\n");
}
