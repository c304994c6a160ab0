/** The production server as a separate process, and shoppers that talk to it over real HTTP. */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** main.ts as `npm start` runs it (production, info logs), with `env` added. */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
  });
}

/** The production server as `npm start` runs it, resolved once it listens. */
export function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawnServer(env);
    let output = "";
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Store ready/.test(output)) resolve(child);
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

/** A shopper over real HTTP, with its own cookies. */
export class Shopper {
  cookie = "";
  constructor(private readonly origin: string) {}

  async send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        // fetch sends the URL's own Host (127.0.0.1: the default store, the pet store).
        origin: this.origin,
        "content-type": "application/json",
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
    if (set.length > 0) {
      const jar = new Map(
        this.cookie ? this.cookie.split("; ").map((c) => c.split("=") as [string, string]) : [],
      );
      for (const c of set) {
        const [name, ...value] = c.split("=");
        if (name) jar.set(name, value.join("="));
      }
      this.cookie = [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
    }
    return res;
  }
}
