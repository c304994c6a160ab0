/**
 * The embedded default from outside, as processes: the store started without DATABASE_URL on
 * an empty data folder, killed, started again, with the commands and `npm run mail` beside it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, Shopper } from "../../test/server-process.ts";
import { alive } from "./embedded-steps.ts";

const run = promisify(execFile);
/** This process's environment without DATABASE_URL: the embedded default. */
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));
const WEB_BUILD = fileURLToPath(new URL("../../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** main.ts as `npm start` runs it, on the embedded default; resolved once it serves. */
function start(env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: SERVER_DIR,
      env: { ...baseEnv, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    });
    let output = "";
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Store ready/.test(output)) resolve({ child, output: () => output });
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

/** A command of the project (platform-cli.ts, mail-cli.ts) with the server's environment. */
async function command(file: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `src/${file}`, ...args], {
    cwd: SERVER_DIR,
    env: { ...baseEnv, LOG_LEVEL: "silent", ...env },
  });
}

/** GET over real HTTP with a Host of our choosing (fetch sends the URL's own). */
function getJson(
  port: number,
  host: string,
  url: string,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url, headers: { host } }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on("error", reject);
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

describe.skipIf(!HAS_WEB_BUILD)(
  "the embedded PostgreSQL, from outside (needs npm run build)",
  () => {
    let dataDir: string;
    let env: Record<string, string>;
    let port: number;
    let server: Started | null = null;
    const shopper = () => new Shopper(`http://127.0.0.1:${port}`);
    let cartCookie = "";

    /** The postmaster's pid and port from DATA_DIR/postgres/data/postmaster.pid. */
    async function postmaster(): Promise<{ pid: number; port: number }> {
      const lines = (
        await readFile(path.join(dataDir, "postgres", "data", "postmaster.pid"), "utf8")
      ).split("\n");
      return { pid: Number(lines[0]), port: Number(lines[3]) };
    }

    /** SIGKILL to the store server alone, as `kill -9` would; its PostgreSQL is left alone. */
    async function killServer(): Promise<void> {
      server?.child.kill("SIGKILL");
      if (server) await exited(server.child);
    }

    async function cartQuantity(): Promise<number> {
      const visitor = shopper();
      visitor.cookie = cartCookie;
      const cart = (await (await visitor.send("GET", "/api/cart")).json()) as { itemCount: number };
      return cart.itemCount;
    }

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-embedded-"));
      // Under root PostgreSQL runs as its own OS user, who must be able to enter the folder.
      await chmod(dataDir, 0o755);
      // What an earlier version left: its PGlite database.
      await mkdir(path.join(dataDir, "pglite"));
      await writeFile(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
      port = await freePort();
      env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_BUILD_DIR: WEB_BUILD,
      };
    }, 60_000);

    afterAll(async () => {
      if (server) {
        server.child.kill("SIGTERM");
        await exited(server.child);
      }
      // Whatever a failed test left running.
      const left = await postmaster().catch(() => null);
      if (left && alive(left.pid)) process.kill(left.pid, "SIGINT");
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it("starts its own PostgreSQL in DATA_DIR/postgres on loopback and serves the demo stores; an earlier version's pglite folder gets a message and is left alone", async () => {
      server = await start(env);
      expect(server.output()).toContain(
        `${path.join(dataDir, "pglite")} holds the database of an earlier version of the store (PGlite), which this version does not read`,
      );
      expect(await readFile(path.join(dataDir, "pglite", "PG_VERSION"), "utf8")).toBe("17\n");
      expect(existsSync(path.join(dataDir, "postgres", "data", "PG_VERSION"))).toBe(true);

      const { port: pgPort } = await postmaster();
      expect(pgPort).not.toBe(5432);
      const credentials = JSON.parse(
        await readFile(path.join(dataDir, "postgres", "credentials.json"), "utf8"),
      ) as { user: string; password: string };
      const client = new pg.Client({
        host: "127.0.0.1",
        port: pgPort,
        user: credentials.user,
        password: credentials.password,
        database: "storefront",
      });
      await client.connect();
      try {
        const listen = await client.query("show listen_addresses");
        expect(listen.rows[0].listen_addresses).toBe("127.0.0.1");
        const buffers = await client.query("show shared_buffers");
        expect(buffers.rows[0].shared_buffers).toBe("32MB");

        const visitor = shopper();
        const added = await visitor.send("POST", "/api/cart/items", {
          sku: "ITCHY-1",
          quantity: 2,
        });
        expect(added.status).toBe(200);
        cartCookie = visitor.cookie;
        expect(await cartQuantity()).toBe(2);

        // The store's own connections come through the Unix socket (no client address), in a
        // folder only PostgreSQL's OS user may enter; this one, over TCP, has an address.
        const socket = path.join(dataDir, "postgres", "socket");
        expect((await stat(socket)).mode & 0o777).toBe(0o700);
        expect(existsSync(path.join(socket, `.s.PGSQL.${pgPort}`))).toBe(true);
        const clients = await client.query<{ local: number; tcp: number }>(
          `select count(*) filter (where client_addr is null)::int as local,
                  count(*) filter (where client_addr is not null)::int as tcp
             from pg_stat_activity where datname = 'storefront' and backend_type = 'client backend'`,
        );
        expect(clients.rows[0]?.local).toBeGreaterThan(0);
        expect(clients.rows[0]?.tcp).toBe(1);
      } finally {
        await client.end();
      }
    }, 120_000);

    it("opens a store with store:create beside the running server, which serves it at once, and npm run mail shows the owner's invitation with its link", async () => {
      const created = await command(
        "platform-cli.ts",
        [
          "store:create",
          "--id",
          "side-shop",
          "--brand",
          "Side Shop",
          "--host",
          "side.localhost",
          "--owner",
          "owner@side.test",
        ],
        env,
      );
      expect(created.stdout).toContain("Opened Side Shop (side-shop) at side.localhost");
      const home = await getJson(port, `side.localhost:${port}`, "/api/store");
      expect(home.status).toBe(200);
      expect((home.body as { brandName?: string }).brandName).toBe("Side Shop");

      const mail = await command("mail-cli.ts", ["owner@side.test"], env);
      expect(mail.stdout).toContain("To:      owner@side.test");
      expect(mail.stdout).toMatch(/Subject: .*Side Shop/);
      expect(mail.stdout).toMatch(
        new RegExp(`Links:\\n {4}http://side\\.localhost:${port}/\\S*token=`),
      );
      const nobody = await command("mail-cli.ts", ["nobody@side.test"], env);
      expect(nobody.stdout.trim()).toBe("No mail to nobody@side.test.");
      const bad = await command("mail-cli.ts", ["not-an-address"], env).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(bad).toMatchObject({ code: 2 });
      expect((bad as { stderr: string }).stderr).toContain(
        "not-an-address is not an email address",
      );
    }, 120_000);

    it("refuses a second server on the same data folder, saying so", async () => {
      const second = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: SERVER_DIR,
        env: { ...baseEnv, NODE_ENV: "production", ...env, PORT: String(await freePort()) },
      });
      let output = "";
      second.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      expect(await exited(second)).toBe(1);
      expect(output).toContain(
        `Another store server (process ${server?.child.pid}) is running on ${path.join(dataDir, "postgres")}`,
      );
      expect(await cartQuantity()).toBe(2);
    }, 60_000);

    it("after kill -9 the next start finds the PostgreSQL it left running and carries on, nothing lost", async () => {
      const before = await postmaster();
      await killServer();
      expect(alive(before.pid)).toBe(true);
      server = await start(env);
      expect(server.output()).toContain(
        `Using the embedded PostgreSQL already running on port ${before.port}`,
      );
      expect((await postmaster()).pid).toBe(before.pid);
      expect(await cartQuantity()).toBe(2);
    }, 60_000);

    it("after the server and its PostgreSQL are both killed, the next start clears the stale postmaster.pid and recovers the data", async () => {
      const before = await postmaster();
      await killServer();
      process.kill(before.pid, "SIGKILL");
      for (let i = 0; i < 50 && alive(before.pid); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(existsSync(path.join(dataDir, "postgres", "data", "postmaster.pid"))).toBe(true);
      // Its socket's lock file is left too. PostgreSQL refuses one whose pid is a live process
      // of its own OS user (as a zombie postmaster is until it is reaped): this one names such a
      // process.
      const socket = path.join(dataDir, "postgres", "socket");
      const lock = path.join(socket, `.s.PGSQL.${before.port}.lock`);
      expect(existsSync(lock)).toBe(true);
      const owner = await stat(socket);
      const holder = spawn("sleep", ["60"], { uid: owner.uid, gid: owner.gid, stdio: "ignore" });
      try {
        const lines = (await readFile(lock, "utf8")).split("\n");
        await writeFile(lock, [String(holder.pid), ...lines.slice(1)].join("\n"));
        server = await start(env);
      } finally {
        holder.kill("SIGKILL");
      }
      expect(server.output()).toContain("Started the embedded PostgreSQL");
      expect(await cartQuantity()).toBe(2);
    }, 90_000);

    it("SIGTERM stops the server and then its PostgreSQL, and frees the data folder", async () => {
      const { pid } = await postmaster();
      server?.child.kill("SIGTERM");
      expect(server ? await exited(server.child) : null).toBe(0);
      const output = server?.output() ?? "";
      server = null;
      expect(output).not.toContain("Stopping the embedded PostgreSQL");
      expect(alive(pid), output.slice(-3000)).toBe(false);
      expect(existsSync(path.join(dataDir, "postgres", "server.pid"))).toBe(false);
      expect(existsSync(path.join(dataDir, "postgres", "data", "postmaster.pid"))).toBe(false);
    }, 60_000);

    it("npm run db:url with no server running prints the URL, says the database is not running, and leaves nothing running", async () => {
      const { stdout, stderr } = await command("psql-cli.ts", ["--url"], env);
      expect(stdout.trim()).toMatch(/^postgres(?:ql)?:\/\/storefront:[^@]+@127\.0\.0\.1:\d+\//);
      expect(stderr).toContain("The store's database is not running");
      expect(existsSync(path.join(dataDir, "postgres", "data", "postmaster.pid"))).toBe(false);
    }, 60_000);
  },
);
