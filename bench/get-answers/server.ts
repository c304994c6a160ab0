// The server under recording: started on a fresh database and DATA_DIR, stopped, and read.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, openSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import pg from "pg";
import ts from "typescript";

import { send } from "./http.ts";
import { hookSource, repoRoot, SERVE_FLAGS, serverMain } from "./settings.ts";

export interface Run {
  port: number;
  databaseUrl: string;
  dataDir: string;
  routesFile: string;
  serverLog: string;
  env: NodeJS.ProcessEnv;
}

/** The hook, transpiled to JavaScript beside the run, for `node --import`. */
async function writeHook(dir: string): Promise<string> {
  const source = await readFile(hookSource, "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: hookSource,
  });
  const file = path.join(dir, "get-answers-hook.mjs");
  await writeFile(file, outputText);
  return file;
}

export async function startServer(run: Run): Promise<ChildProcess> {
  if (!existsSync(serverMain)) throw new Error(`No built server at ${serverMain}: npm run build`);
  const hook = await writeHook(run.dataDir);
  const log = openSync(run.serverLog, "a");
  const child = spawn(
    process.execPath,
    [...SERVE_FLAGS, "--import", pathToFileURL(hook).href, serverMain],
    { cwd: repoRoot, env: run.env, stdio: ["ignore", log, log] },
  );
  const deadline = Date.now() + 180_000;
  let exited: number | null = null;
  child.once("exit", (code) => {
    exited = code ?? -1;
  });
  while (!existsSync(run.routesFile)) {
    if (exited !== null) throw new Error(`The server stopped (${exited}); see ${run.serverLog}`);
    if (Date.now() > deadline) throw new Error(`The server did not start; see ${run.serverLog}`);
    await sleep(250);
  }
  for (;;) {
    const ok = await send(run.port, "GET", "localhost", "/healthz", {}).then(
      (a) => a.status === 200,
      () => false,
    );
    if (ok) break;
    if (exited !== null) throw new Error(`The server stopped (${exited}); see ${run.serverLog}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer; see ${run.serverLog}`);
    await sleep(250);
  }
  // The server makes the pages' images in their usual sizes after it starts (warm.ts); pages
  // and images asked meanwhile would be answered before some of them exist.
  const imagesDeadline = Date.now() + 90_000;
  for (;;) {
    const log = await readFile(run.serverLog, "utf8");
    if (log.includes("images are ready")) break;
    if (Date.now() > imagesDeadline) {
      console.warn("The server never said its images were ready; recording anyway.");
      break;
    }
    await sleep(500);
  }
  return child;
}

/** SIGTERM to the server started here (by its pid), and SIGKILL if it has not gone in 30 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const late = await Promise.race([gone.then(() => false), sleep(30_000).then(() => true)]);
  if (late) {
    child.kill("SIGKILL");
    await gone;
  }
}

/** The newest mail to `to` with a `linkPath?token=` link, waiting for it to be written. */
export async function mailedToken(run: Run, to: string, linkPath: string): Promise<string> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const pattern = new RegExp(`${linkPath}\\?token=([A-Za-z0-9_-]+)`);
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await client.query<{ text: string }>(
        'select text from outbox where "to" = $1 order by created_at desc',
        [to],
      );
      for (const row of rows) {
        const token = pattern.exec(row.text)?.[1];
        if (token) return token;
      }
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  throw new Error(`No mail to ${to} with a ${linkPath} link`);
}

/** Waits (10 s at most) until `sql`'s first row's `n` is at least `least`. */
export async function waitForRows(run: Run, sql: string, params: unknown[], least: number) {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await client.query<{ n: number }>(sql, params);
      if ((rows[0]?.n ?? 0) >= least) return;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  throw new Error(`Still fewer than ${least} rows of ${sql}`);
}

/** Names of the layout documents (`/data/layout/*`): no API lists them. */
export async function layoutNames(run: Run, storeId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select name from documents where store_id = $1 and kind = 'layout' order by name",
      [storeId],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}
