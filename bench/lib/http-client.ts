/**
 * The bench's own requests (autocannon makes the load's): one GET as it came, and the checkout
 * shoppers' JSON posts on keep-alive connections, read as a browser would.
 */
import http from "node:http";
import zlib, { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { BROWSER_ACCEPT_ENCODING, CONNECTIONS } from "./settings.ts";

/** An answer as it came: status, headers and the bytes on the wire (compressed when it was). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with node:http, not decoded; rejects after 10 s without an answer. */
export function getOnce(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
    request.on("error", reject);
  });
}

/** `name=value` of the Set-Cookie header that sets `name`, or null. */
export function cookieNamed(setCookies: string[], name: string): string | null {
  const cookie = setCookies.find((c) => c.startsWith(`${name}=`));
  return cookie === undefined ? null : (cookie.split(";")[0] ?? "");
}

/** A JSON request's answer: its status, Set-Cookie headers and body. */
export interface JsonAnswer {
  status: number;
  setCookies: string[];
  body: string;
}

/**
 * Keep-alive connections for the checkout shoppers. node:http, not fetch: the load generator
 * shares the server's cores, and fetch spent 3-4 ms of CPU per checkout (three requests) where
 * node:http spends about 1, which the server's own figure would otherwise pay for. Each request
 * carries a browser's Accept-Encoding, as a shopper's does.
 */
const shopperAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** A response body as text, decompressed as its Content-Encoding says. */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch (encoding ?? "identity") {
    case "identity":
      return body.toString("utf8");
    case "br":
      return brotliDecompressSync(body).toString("utf8");
    case "gzip":
      return gunzipSync(body).toString("utf8");
    case "deflate":
      return inflateSync(body).toString("utf8");
    case "zstd": {
      // Node 22.15 and later compress with zstd, and can read it back; Node 20 never answers it.
      const { zstdDecompressSync } = zlib as { zstdDecompressSync?: (b: Buffer) => Buffer };
      if (zstdDecompressSync) return zstdDecompressSync(body).toString("utf8");
      throw new Error("the server answered zstd, which this Node cannot read");
    }
    default:
      throw new Error(`the server answered in an encoding the bench cannot read: ${encoding}`);
  }
}

export function postJson(
  origin: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${url}`,
      {
        method: "POST",
        agent: shopperAgent,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(data)),
          "accept-encoding": BROWSER_ACCEPT_ENCODING,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              setCookies: response.headers["set-cookie"] ?? [],
              body: decoded(Buffer.concat(chunks), response.headers["content-encoding"]),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(data);
  });
}
