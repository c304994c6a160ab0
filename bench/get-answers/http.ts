import http from "node:http";

import { REQUEST_TIMEOUT_MS } from "./settings.ts";

export interface Answer {
  status: number;
  /** Header names in lower case, in the order sent; repeated headers (set-cookie) repeated. */
  headers: [string, string][];
  body: Buffer;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function send(
  port: number,
  method: string,
  host: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: {
          host,
          ...headers,
          ...(payload
            ? { "content-type": "application/json", "content-length": payload.length }
            : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            pairs.push([(res.rawHeaders[i] ?? "").toLowerCase(), res.rawHeaders[i + 1] ?? ""]);
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${host}${url}: no answer in time`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** A browser on one host: keeps the cookies the server sets and sends them back. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    readonly host: string,
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await send(
      this.port,
      method,
      this.host,
      url,
      { ...headers, ...(cookie ? { cookie } : {}) },
      body,
    );
    for (const [name, value] of answer.headers) {
      if (name !== "set-cookie") continue;
      const [pair = "", ...attributes] = value.split(";");
      const eq = pair.indexOf("=");
      const cookieName = pair.slice(0, eq).trim();
      const cookieValue = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => {
        const [key = "", v = ""] = a.split("=").map((s) => s.trim().toLowerCase());
        return (
          (key === "max-age" && Number(v) <= 0) || (key === "expires" && Date.parse(v) < Date.now())
        );
      });
      if (cookieValue === "" || gone) this.cookies.delete(cookieName);
      else this.cookies.set(cookieName, cookieValue);
    }
    return answer;
  }

  get(url: string) {
    return this.request("GET", url);
  }

  /** A write the recording needs: anything but a 2xx stops it, with the server's answer. */
  async must(method: string, url: string, body?: unknown, headers?: Record<string, string>) {
    const answer = await this.request(method, url, body, headers);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(
        `${method} ${this.host}${url} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 500)}`,
      );
    }
    const text = answer.body.toString("utf8");
    return text === "" ? null : (JSON.parse(text) as unknown);
  }

  async json(url: string): Promise<unknown> {
    return this.must("GET", url);
  }
}
