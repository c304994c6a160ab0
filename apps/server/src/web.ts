import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { ERROR_MESSAGES, type ErrorBody } from "@storefront/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { readForPage } from "./plugins/page-reads.ts";
import { PAGE_CALL_HEADER, PAGE_CALL_SECRET } from "./plugins/request-log.ts";
import { pageContentSecurityPolicy } from "./plugins/security-headers.ts";
import { isApiPath } from "./plugins/store.ts";

/** What a route loader gets as context: a way to call this server's API in-process. */
export interface WebLoadContext {
  api(path: string): Promise<{ status: number; body: unknown }>;
  /** This answer's Content-Security-Policy nonce (entry.server.tsx puts it on inline scripts). */
  cspNonce: string;
  // React Router's AppLoadContext is an open record; the web app declares the same `api`.
  [key: string]: unknown;
}

// Headers a loader's API call carries over from the page request.
const FORWARDED_HEADERS = [
  "host",
  "accept-language",
  "cookie",
  "x-forwarded-host",
  "x-forwarded-proto",
];

/**
 * A `Link` header that preloads the page's stylesheets, so a browser asks for them with the
 * headers, before the HTML's script preloads (React puts those first in <head>): on HTTP/1.1's
 * six connections the styles that the first paint waits for no longer queue behind scripts.
 */
function stylesheetPreloads(html: Buffer): string | null {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return null;
  const head = html.toString("utf8", 0, headEnd);
  const hrefs = [...head.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((tag) => /\bhref="(\/[^"]+)"/.exec(tag[0])?.[1])
    .filter((href): href is string => href !== undefined);
  if (hrefs.length === 0) return null;
  return hrefs.map((href) => `<${href}>; rel=preload; as=style`).join(", ");
}

function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`;
}

function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(requestUrl(request), { method: request.method, headers });
}

/**
 * Serves the React Router production build: hashed assets from build/client with long caching,
 * every other GET through server rendering. Loaders reach the API through `app.inject`, so a page
 * and an API client see the same validation, store resolution and answers.
 */
export async function registerWeb(app: FastifyInstance, buildDir: string): Promise<void> {
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`No web build at ${serverEntry}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    // The build wrote a .br and a .gz beside each text file (scripts/precompress.ts): sent as
    // they are to a browser that accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  // Pages have no form actions: any other method is refused before a body reaches React Router.
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      const message = ERROR_MESSAGES.methodNotAllowed(request.method);
      const body: ErrorBody = { error: { code: "invalid", message } };
      return reply.status(405).header("allow", "GET, HEAD").send(body);
    },
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      // An API path no route took (a bad method, say) is the API's JSON 404, not a page.
      if (isApiPath(request.url)) return reply.callNotFound();
      const cspNonce = randomBytes(16).toString("base64");
      const context: WebLoadContext = {
        cspNonce,
        async api(apiPath) {
          // The reads pages make (store, cart, sign-in, catalogue, reviews, content) run
          // in-process with this request; any other path goes through the server.
          const direct = await readForPage(app, request, apiPath);
          if (direct) return direct;
          const headers: Record<string, string> = { [PAGE_CALL_HEADER]: PAGE_CALL_SECRET };
          for (const name of FORWARDED_HEADERS) {
            const value = request.headers[name];
            if (typeof value === "string") headers[name] = value;
          }
          const res = await app.inject({ method: "GET", url: apiPath, headers });
          const type = String(res.headers["content-type"] ?? "");
          const isJson = /^application\/(?:[\w.+-]+\+)?json\b/.test(type);
          let body: unknown = null;
          if (isJson) {
            try {
              body = res.json();
            } catch {
              body = null;
            }
          }
          return { status: res.statusCode, body };
        },
      };
      const response = await handle(toFetchRequest(request), context);
      reply.status(response.status);
      reply.header("content-security-policy", pageContentSecurityPolicy(cspNonce));
      for (const [name, value] of response.headers) {
        if (name === "set-cookie") continue;
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      const body = Buffer.from(await response.arrayBuffer());
      const preloads = stylesheetPreloads(body);
      if (preloads) reply.header("link", preloads);
      return reply.send(body);
    },
  });
}
