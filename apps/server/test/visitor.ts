import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A browser on one host: it keeps the cookies the server sets and sends them back, like a real
 * visitor. `headers` go with every request (Accept-Language, …); `remoteAddress` is its IP
 * (default 127.0.0.1, as for every injected request).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
    private readonly headers: Record<string, string> = {},
    private readonly remoteAddress?: string,
  ) {}

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, ...this.headers, ...extraHeaders };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const options: InjectOptions = { method, url, headers };
    if (this.remoteAddress) options.remoteAddress = this.remoteAddress;
    if (payload !== undefined) options.payload = payload as InjectOptions["payload"];
    const res = await this.app.inject(options);
    for (const cookie of res.cookies) {
      // A cleared cookie (empty, expired) is gone, as in a browser.
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (cookie.value === "" || expired || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  get(url: string) {
    return this.request("GET", url);
  }
  post(url: string, payload: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, payload, headers);
  }
  put(url: string, payload: unknown) {
    return this.request("PUT", url, payload);
  }
  patch(url: string, payload: unknown) {
    return this.request("PATCH", url, payload);
  }
  delete(url: string) {
    return this.request("DELETE", url);
  }
}

/** The guest session id inside a visitor's signed `sf_session` cookie (what carts are kept under). */
export function sessionIdOf(v: Visitor): string | undefined {
  return v.cookies.get("sf_session")?.split(".")[0];
}
