import negotiate from "@fastify/accept-negotiator";
import { LruCache } from "@storefront/domain";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageEncoding } from "./lib/page-cache.ts";

/**
 * The query parameters every shared page keeps: the product page's ?variant= and React Router's
 * own (a data request's ?_routes=). A route names any other it reads in its handle
 * (`sharedParams`: the collection's sort and filters). Any other (utm_source, fbclid…) changes
 * nothing on the page: it is left out of the render and of the cache key, so it cannot push
 * other pages out.
 */
const SHARED_PAGE_PARAMS = ["variant", "_routes"];

/** A one-time review link (?review=) is one visitor's: its page is never shared. */
const PERSONAL_PARAMS = new Set(["review"]);

/**
 * The URL (path and query) a shared page is rendered and kept under, with only the `kept` query
 * parameters, each once, non-empty and in order of name (one page, one key); null: not to share.
 */
export function sharedPageUrl(url: string, kept: ReadonlySet<string>): string | null {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(url.slice(question + 1))) {
    if (PERSONAL_PARAMS.has(name)) return null;
    if (kept.has(name) && value !== "" && !params.has(name)) params.set(name, value);
  }
  const query = new URLSearchParams([...params].sort(([a], [b]) => (a < b ? -1 : 1))).toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

/**
 * The encoding to send a cached page in: brotli, else gzip, else none, by the browser's
 * Accept-Encoding (the negotiation @fastify/static uses for the build's precompressed files).
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  return negotiate(acceptEncoding ?? "", ["br", "gzip"]) ?? "identity";
}

const SHARED_PATHS_REMEMBERED = 5_000;

/**
 * Which paths are pages rendered for every visitor, and the query parameters each keeps: those
 * whose route says so (`handle.sharedPage`: home, collection, product, content pages, the garden
 * form; `handle.sharedParams`); null for any other. React Router's own answer at the manifest
 * path (lazy route discovery), which the content pages' catch-all route would match, is not a page.
 */
export function sharedPageMatcher(
  build: ServerBuild,
): (pathname: string) => ReadonlySet<string> | null {
  interface Node {
    id: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
    children: Node[];
  }
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      ...(route.path !== undefined ? { path: route.path } : {}),
      ...(route.index ? { index: true } : {}),
      ...(route.caseSensitive ? { caseSensitive: true } : {}),
      children: [],
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const manifestPath =
    build.routeDiscovery.mode === "lazy"
      ? (build.routeDiscovery.manifestPath ?? "/__manifest")
      : null;
  // React Router flattens and ranks the routes on every match: remember each path's answer.
  const known = new LruCache<string, ReadonlySet<string> | null>(SHARED_PATHS_REMEMBERED);
  return (pathname) => {
    if (pathname === manifestPath) return null;
    const remembered = known.get(pathname);
    if (remembered !== undefined) return remembered;
    // A client navigation's data request (/products/x.data, /_root.data) is the page's.
    let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    if (path === "/_root") path = "/";
    // Index routes never have children, as React Router's RouteObject union requires.
    const leafId = matchRoutes(roots as RouteObject[], path)?.at(-1)?.route.id;
    const handle = (leafId ? build.routes[leafId]?.module.handle : undefined) as
      | { sharedPage?: unknown; sharedParams?: unknown }
      | undefined;
    const own = Array.isArray(handle?.sharedParams)
      ? handle.sharedParams.filter((p): p is string => typeof p === "string")
      : [];
    return known.set(
      pathname,
      handle?.sharedPage === true ? new Set([...SHARED_PAGE_PARAMS, ...own]) : null,
    );
  };
}
