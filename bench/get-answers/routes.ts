import path from "node:path";
import { pathToFileURL } from "node:url";

import { Visitor } from "./http.ts";
import { isObject, listed, unique } from "./json.ts";
import { layoutNames, type Run } from "./server.ts";
import { type DemoStore, type Identity, SEARCHES, webBuildDir } from "./settings.ts";
import type { Visitors } from "./setup.ts";

/** The real values a store's routes are asked with. */
export interface StoreValues {
  productHandles: string[];
  productIds: string[];
  collectionHandles: string[];
  pageNames: string[];
  layoutNames: string[];
  discountIds: string[];
  orderNumbers: string[];
  sitemapFiles: string[];
}

/** Every page of an admin list (`?page=`), until one comes back with nothing new. */
async function allPages(v: Visitor, url: string, key: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page < 100; page++) {
    const values = listed(await v.json(`${url}?page=${page}`), key);
    const fresh = values.filter((value) => !out.includes(value));
    if (fresh.length === 0) break;
    out.push(...fresh);
  }
  return out;
}

export async function storeValues(
  run: Run,
  store: DemoStore,
  owner: Visitor,
): Promise<StoreValues> {
  const anon = new Visitor(run.port, store.host);
  const sitemap = (await anon.get("/sitemap.xml")).body.toString("utf8");
  return {
    productHandles: unique([
      ...listed(await anon.json("/api/products"), "handle"),
      ...(await allPages(owner, "/api/admin/products", "handle")),
    ]),
    productIds: await allPages(owner, "/api/admin/products", "id"),
    collectionHandles: listed(await owner.json("/api/admin/collections"), "handle"),
    pageNames: listed(await owner.json("/api/admin/pages"), "name"),
    layoutNames: await layoutNames(run, store.storeId),
    discountIds: await allPages(owner, "/api/admin/discounts", "id"),
    orderNumbers: await allPages(owner, "/api/admin/orders", "number"),
    sitemapFiles: unique(
      [...sitemap.matchAll(/\/(sitemap-[A-Za-z0-9._-]+)</g)].map((m) => `/${m[1]}`),
    ),
  };
}

/** A content page's address on the storefront (pageNameFromPath in the domain, reversed). */
function pagePath(name: string): string {
  if (name === "homepage") return "/";
  return name.startsWith("policies/") ? `/${name}` : `/pages/${name}`;
}

/**
 * How a route's params are filled: its URLs (paths with their query) from the store's values.
 * Keyed by the route as Fastify or React Router names it; a route with a param and no entry here
 * is reported as not exercised.
 */
export const FILL: Record<string, (v: StoreValues) => string[]> = {
  "/api/products/:handle": (v) => v.productHandles.map((h) => `/api/products/${h}`),
  "/api/products/:handle/reviews": (v) => v.productHandles.map((h) => `/api/products/${h}/reviews`),
  "/api/collections/:handle": (v) => v.collectionHandles.map((h) => `/api/collections/${h}`),
  "/api/admin/products/:id": (v) => v.productIds.map((id) => `/api/admin/products/${id}`),
  "/api/admin/discounts/:id": (v) => v.discountIds.map((id) => `/api/admin/discounts/${id}`),
  "/api/admin/orders/:number": (v) => v.orderNumbers.map((n) => `/api/admin/orders/${n}`),
  "/api/orders/:number": (v) => v.orderNumbers.map((n) => `/api/orders/${n}`),
  "/api/admin/pages/*": (v) => v.pageNames.map((n) => `/api/admin/pages/${n}`),
  "/data/master/*": (v) => v.pageNames.map((n) => `/data/master/${n}.json`),
  "/data/layout/*": (v) => v.layoutNames.map((n) => `/data/layout/${n}.json`),
  // The sitemap is an index of sitemap-N.xml files only past 50,000 pages; else the first.
  "/sitemap-:file": (v) => (v.sitemapFiles.length > 0 ? v.sitemapFiles : ["/sitemap-1.xml"]),
  "/api/search": () => SEARCHES.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
  // Pages (React Router's routes in the web build).
  "/products/:handle": (v) => v.productHandles.map((h) => `/products/${h}`),
  "/collections/:handle": (v) => v.collectionHandles.map((h) => `/collections/${h}`),
  "/orders/:number": (v) => v.orderNumbers.map((n) => `/orders/${n}`),
  "/admin/orders/:number": (v) => v.orderNumbers.map((n) => `/admin/orders/${n}`),
  "/admin/products/:id": (v) => v.productIds.map((id) => `/admin/products/${id}`),
  "/admin/discounts/:id": (v) => v.discountIds.map((id) => `/admin/discounts/${id}`),
  "/admin/pages/*": (v) => v.pageNames.map((n) => `/admin/pages/${n}`),
  // Any other path is a content page; one that does not exist shows the 404 page.
  "/*": (v) => [...v.pageNames.map(pagePath), "/pages/gets-no-such-page"],
  "/search": () => ["/search", ...SEARCHES.map((q) => `/search?q=${encodeURIComponent(q)}`)],
};

/** Routes answered the same whoever asks: asked once, with no cookies. */
function sameForEveryone(route: string): boolean {
  return (
    route === "/media/*" ||
    route.startsWith("/data/") ||
    route.startsWith("/sitemap") ||
    ["/healthz", "/readyz", "/robots.txt", "/api/openapi.json"].includes(route)
  );
}

/** Who a route is for, besides a visitor with no cookies. */
export function identitiesOf(route: string, visitors: Visitors): Identity[] {
  if (sameForEveryone(route)) return ["anon"];
  const own: Identity[] =
    route.startsWith("/api/admin") || route.startsWith("/admin")
      ? ["owner"]
      : route.startsWith("/api/platform") || route.startsWith("/platform")
        ? ["operator"]
        : ["shopper", "trade"];
  return ["anon", ...own.filter((who) => visitors[who as Exclude<Identity, "anon">])];
}

/** The React Router routes of the web build, as full paths (`/admin/orders/:number`). */
export async function webRoutes(): Promise<string[]> {
  const entry = path.join(webBuildDir, "server", "index.js");
  const build = (await import(pathToFileURL(entry).href)) as {
    routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;
  };
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    const own = route.path ?? "";
    return own === "" ? parent : `${parent.replace(/\/$/, "")}/${own}`;
  };
  return unique(
    Object.values(routes)
      // A layout with children is asked through them (its index route has its path).
      .filter((r) => !Object.values(routes).some((c) => c.parentId === r.id) || r.path === "*")
      .map((r) => fullPath(r.id) || "/"),
  ).sort();
}

/** A Fastify route's path in the OpenAPI document: `/api/products/{handle}`, `/data/master/{*}`. */
function openApiPath(route: string): string {
  return route.replace(/:(\w+)/g, "{$1}").replace(/\*/g, "{*}");
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { enum?: unknown[]; default?: unknown };
}

/**
 * One query per value of each enum parameter the OpenAPI document gives the route (but its
 * default and the empty value), and page 2 of a paged list.
 */
export function queryVariants(openapi: unknown, route: string): string[] {
  const paths = isObject(openapi) && isObject(openapi.paths) ? openapi.paths : {};
  const item = paths[openApiPath(route)];
  const get = isObject(item) && isObject(item.get) ? item.get : null;
  const parameters = (
    get && Array.isArray(get.parameters) ? get.parameters : []
  ) as OpenApiParameter[];
  const out: string[] = [];
  for (const p of parameters) {
    if (p.in !== "query") continue;
    for (const value of p.schema?.enum ?? []) {
      if (value === "" || value === p.schema?.default) continue;
      out.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`);
    }
    if (p.name === "page") out.push("page=2");
  }
  return out;
}

export function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}
