import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A browser on one host: it keeps the cookies the server sets and sends them back, like a real
 * visitor. `headers` go with every request (Accept-Language, …).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, ...this.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const options: InjectOptions = { method, url, headers };
    if (payload !== undefined) options.payload = payload as InjectOptions["payload"];
    const res = await this.app.inject(options);
    for (const cookie of res.cookies) this.cookies.set(cookie.name, cookie.value);
    return res;
  }

  get(url: string) {
    return this.request("GET", url);
  }
  post(url: string, payload: unknown) {
    return this.request("POST", url, payload);
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
