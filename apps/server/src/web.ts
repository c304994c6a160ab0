import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { type Currency, DomainError, ERROR_MESSAGES, type ErrorBody } from "@storefront/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import {
  type CachedPage,
  type CacheState,
  PAGE_FRESH_S,
  PAGE_STALE_S,
  pageCacheOf,
  type SharedPage,
} from "./lib/page-cache.ts";
import { priceListOf } from "./plugins/auth.ts";
import { CURRENCY_COOKIE, requestCurrency } from "./plugins/currency.ts";
import { readForPage } from "./plugins/page-reads.ts";
import { PAGE_CALL_HEADER, PAGE_CALL_SECRET } from "./plugins/request-log.ts";
import { pageContentSecurityPolicy } from "./plugins/security-headers.ts";
import { isApiPath, resolveRequestStore } from "./plugins/store.ts";

import { pageEncoding, sharedPageMatcher, sharedPageUrl } from "./web-shared-pages.ts";

/** What a route loader gets as context: a way to call this server's API in-process. */
/** What a disabled store's hosts show a browser: no store here, in a page, not JSON. */
const STORE_CLOSED_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Store not found</title></head><body><h1>Store not found</h1><p>There is no open store at this address.</p></body></html>';

export interface WebLoadContext {
  api(path: string): Promise<{ status: number; body: unknown }>;
  /**
   * This answer's Content-Security-Policy nonce (entry.server.tsx puts it on inline scripts); on
   * a shared page a marker that picks the scripts its policy allows by their hashes.
   */
  cspNonce: string;
  /**
   * A page rendered for every visitor (the page cache keeps it): the root loader reads no cart or
   * sign-in, the browser asks for them after hydration.
   */
  sharedPage: boolean;
  /** The currency the page's prices are in (a dimension of the page cache). */
  currency: Currency;
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

/**
 * A shared page is sent to many visitors, so it cannot carry a per-answer nonce: it is rendered
 * with `marker` as its nonce, and its policy allows the inline scripts that carry the marker (the
 * ones React Router wrote; a script smuggled into content would not) by their hashes. The marker
 * is then taken out of the HTML.
 */
function allowScriptsByHash(html: string, marker: string): { html: string; policy: string } {
  const hashes = new Set<string>();
  const attribute = ` nonce="${marker}"`;
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (!attributes.includes(attribute) || /\bsrc=/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return {
    html: html.replaceAll(attribute, ""),
    policy: pageContentSecurityPolicy([...hashes]),
  };
}

/**
 * The page request as a visitor without cookies or credentials sees it, apart from the currency
 * it is rendered in: what a shared page's reads see, so nothing personal can reach its HTML.
 */
function anonymousView(request: FastifyRequest, currency: Currency): FastifyRequest {
  const { cookie: _cookie, authorization: _authorization, ...headers } = request.headers;
  return Object.create(request, {
    cookies: { value: { [CURRENCY_COOKIE]: currency }, enumerable: true },
    headers: { value: { ...headers, cookie: `${CURRENCY_COOKIE}=${currency}` }, enumerable: true },
    storeId: { value: request.storeId, writable: true, enumerable: true },
  }) as FastifyRequest;
}

/** The request React Router is given; `url` (path and query) replaces the request's own. */
function toFetchRequest(request: FastifyRequest, url = request.url): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  return new Request(`${request.protocol}://${request.host}${url}`, { method, headers });
}

/**
 * Serves the React Router production build: hashed assets from build/client with long caching,
 * every other GET through server rendering. Loaders read the API in-process (page-reads.ts), with
 * the same validation, store resolution and answers as an API client. Pages the same for every
 * visitor are rendered anonymously and kept (lib/page-cache.ts); the others per request.
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

  const sharedParamsOf = sharedPageMatcher(build);
  const pages = pageCacheOf(app.db, app.config.pageCacheBytes);

  /** What a render read: the tags of what it shows, and whether a read failed on the server. */
  interface RenderReads {
    shows: Set<string>;
    failed: boolean;
  }

  function loadContext(
    request: FastifyRequest,
    options: { cspNonce: string; sharedPage: boolean; currency: Currency; reads: RenderReads },
  ): WebLoadContext {
    const { reads } = options;
    return {
      cspNonce: options.cspNonce,
      sharedPage: options.sharedPage,
      currency: options.currency,
      async api(apiPath) {
        // The reads pages make (store, cart, sign-in, catalogue, reviews, content) run
        // in-process with this request; any other path goes through the server.
        const direct = await readForPage(app, request, apiPath);
        if (direct) {
          for (const tag of direct.shows) reads.shows.add(tag);
          if (direct.status >= 500) reads.failed = true;
          return direct;
        }
        const headers: Record<string, string> = { [PAGE_CALL_HEADER]: PAGE_CALL_SECRET };
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        const res = await app.inject({ method: "GET", url: apiPath, headers });
        if (res.statusCode >= 500) reads.failed = true;
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
  }

  // Shared pages' nonce marker (see allowScriptsByHash): never sent, so nobody can reuse it.
  const sharedNonce = randomBytes(16).toString("base64");

  /**
   * Renders `url` for every visitor in the request's currency (see anonymousView), always as a
   * GET (a HEAD's empty answer must not be kept for the GETs waiting on the same render).
   */
  async function renderShared(
    request: FastifyRequest,
    url: string,
    currency: Currency,
  ): Promise<SharedPage> {
    const reads: RenderReads = { shows: new Set(), failed: false };
    const anonymous = anonymousView(request, currency);
    const context = loadContext(anonymous, {
      cspNonce: sharedNonce,
      sharedPage: true,
      currency,
      reads,
    });
    const response = await handle(toFetchRequest(anonymous, url), context);
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      // Nothing a visitor could be told apart by: a shared page sets no cookie.
      if (name === "set-cookie" || name === "cache-control") continue;
      headers.push([name, value]);
    }
    const { html, policy } = allowScriptsByHash(await response.text(), sharedNonce);
    const body = Buffer.from(html);
    headers.push(["content-security-policy", policy]);
    const preloads = stylesheetPreloads(body);
    if (preloads) headers.push(["link", preloads]);
    // A page missing what a read could not answer (the reviews, say) is sent, not kept.
    return { status: response.status, keep: !reads.failed, headers, body, tags: reads.shows };
  }

  /** Sends a shared page: from the cache in the browser's encoding, or a 304 when it has it. */
  async function sendShared(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    page: CachedPage,
    state: CacheState,
  ) {
    reply.header("x-page-cache", state);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header("vary", pageVary);
    if (page.status !== 200) {
      reply.header("cache-control", "no-cache");
      return reply.status(page.status).send(page.body);
    }
    reply.header(
      "cache-control",
      `public, max-age=0, s-maxage=${PAGE_FRESH_S}, stale-while-revalidate=${PAGE_STALE_S}`,
    );
    reply.header("etag", page.etag);
    const known = request.headers["if-none-match"];
    if (known?.split(",").some((tag) => tag.trim() === page.etag)) {
      return reply.status(304).send();
    }
    const encoding = pageEncoding(request.headers["accept-encoding"]);
    const body = await pages.encoded(key, page, encoding);
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.status(200).send(body);
  }

  // What a shared page's HTML depends on besides its URL: the currency, chosen by cookie, else by
  // the visitor's country (a trusted proxy's header, else Accept-Language).
  const pageVary = [
    "Accept-Encoding",
    "Accept-Language",
    "Cookie",
    ...(app.config.countryHeader ? [app.config.countryHeader] : []),
  ].join(", ");

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      // An API path no route took (a bad method, say) is the API's JSON 404, not a page.
      if (isApiPath(request.url)) return reply.callNotFound();
      const pathname = request.url.split("?")[0] ?? "/";
      const kept = sharedParamsOf(pathname);
      const sharedUrl = kept ? sharedPageUrl(request.url, kept) : null;
      // Every page is its store's (the currency it shows is one the store sells in).
      try {
        await resolveRequestStore(request);
      } catch (err) {
        // A disabled store: a plain page that says so, not the API's JSON.
        if (!(err instanceof DomainError && err.code === "not_found")) throw err;
        return reply
          .status(404)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(STORE_CLOSED_PAGE);
      }
      // A trade account's pages show its trade prices: rendered for it alone and never kept
      // (its answer is private, no-store: see priceListOf).
      if (sharedUrl !== null && (await priceListOf(request)) === "retail") {
        const storeId = request.storeId;
        const currency = requestCurrency(request);
        const key = [storeId, request.protocol, request.host, currency, sharedUrl].join("\n");
        const render = () => renderShared(request, sharedUrl, currency);
        const found = pages.lookup(key);
        if (found) {
          if (found.state === "stale") {
            pages.fill(key, storeId, render).catch((err: unknown) => {
              request.log.error({ err }, "a stale page could not be rendered again");
            });
          }
          return sendShared(request, reply, key, found.page, found.state);
        }
        return sendShared(request, reply, key, await pages.fill(key, storeId, render), "miss");
      }
      const cspNonce = randomBytes(16).toString("base64");
      const context = loadContext(request, {
        cspNonce,
        sharedPage: false,
        currency: requestCurrency(request),
        reads: { shows: new Set(), failed: false },
      });
      const response = await handle(toFetchRequest(request), context);
      reply.status(response.status);
      reply.header("content-security-policy", pageContentSecurityPolicy([`'nonce-${cspNonce}'`]));
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
