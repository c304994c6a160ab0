import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";
import { StartupError } from "./start-error.ts";

/** What the child tells its parent before it exits: done, or the one line start-up stops with. */
export type PrepareReport = { ok: true } | { startupError: string };

/**
 * The child's script, beside this module: its TypeScript source when the server runs from source
 * (the child inherits the TypeScript loader with the parent's flags), or the compiled server's
 * own file for it (scripts/build.ts).
 */
function childScript(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), `prepare-child${path.extname(here)}`);
}

/**
 * Migrates the database and, with LOAD_DEMO_DATA, loads the demo stores and draws their images,
 * in a child process with the same settings (environment) on the database at `config.databaseUrl`. A first start's work (creating every
 * table, writing the catalogue, the image library's buffers) leaves a few hundred MB of memory
 * that a process keeps for its life; done in a child, it goes when the child exits, and the
 * server starts as small as on any later start. A database that cannot be reached or used ends
 * start-up with the child's one line (a StartupError).
 */
export function prepareDatabaseApart(config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DATABASE_URL: config.databaseUrl };
    const child = fork(childScript(), [], { stdio: "inherit", env });
    let report: PrepareReport | null = null;
    child.on("message", (message) => {
      report = message as PrepareReport;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (report && "startupError" in report) reject(new StartupError(report.startupError));
      else if (code === 0 && report?.ok) resolve();
      else reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
