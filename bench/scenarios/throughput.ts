/**
 * How fast does the store answer each route, against bare node:http on the same machine: req/s,
 * latency, the server's CPU per request and its peak RSS, one autocannon row per route.
 */
import type { Baseline } from "../lib/baseline.ts";
import { progress } from "../lib/format.ts";
import { type LoadRow, loadTestWithPeaks, printLoad, probe } from "../lib/load-test.ts";
import { attempt } from "../lib/problems.ts";
import { ROTATIONS } from "../lib/search-queries.ts";
import type { BenchServers } from "../lib/servers.ts";
import {
  BROWSER_ACCEPT_ENCODING,
  CONNECTIONS,
  DURATION_SECONDS,
  WARMUP_SECONDS,
  wanted,
} from "../lib/settings.ts";
import {
  ADD_TO_CART_BODY,
  ADD_TO_CART_PATH,
  cartCookie,
  PATHS,
  visitCookie,
} from "../lib/store-requests.ts";

interface LoadTarget {
  name: string;
  target: "app" | "hello";
  path: string;
  method?: "GET" | "POST";
  body?: string;
  /** Send the session cookie of a cart that already holds a line. */
  withCart?: boolean;
  /** Send the cookie of an open analytics visit (POST /metrics/initialize), as a beacon does. */
  withVisit?: boolean;
  /**
   * Each request takes the next of TYPED_QUERIES ("typed": what shoppers type, again and again)
   * or of NEW_QUERIES ("new": a query never asked before) instead of `path`.
   */
  rotate?: "typed" | "new";
  /** The body's type when it is not JSON (a beacon's text/plain). */
  contentType?: string;
  /**
   * Each request comes from another visitor's address (X-Forwarded-For through the server's one
   * trusted proxy hop), as a store's many shoppers do: for routes limited per address (the chat).
   */
  manyVisitors?: boolean;
  /**
   * "identity": ask for no compression, as a benchmark client does; otherwise every request
   * carries a browser's Accept-Encoding, as real visitors' do.
   */
  encoding?: "identity";
}

/** Stands for /bytes/<the product page's compressed size> in LOAD_TARGETS. */
const PRODUCT_PAGE_BYTES = "/bytes/product-page";

/** A shopper's first message to the support chat (a new visitor: a new conversation each time). */
const CHAT_BODY = JSON.stringify({ message: "my dog keeps scratching" });

/** A visit's analytics state as the browser's beacon sends it: four pages, two products, a search. */
const SESSION_DATA_BODY = JSON.stringify({
  cartEvents: [
    { type: "item_added", sku: "ITCHY-1", quantity: 1, timestamp: "2026-11-26T10:00:40Z" },
  ],
  productPageViews: [
    { handle: "itchy-scratchy", timestamp: "2026-11-26T10:00:05Z" },
    { handle: "eat", timestamp: "2026-11-26T10:00:20Z" },
  ],
  pagesViewed: 4,
  viewedPages: [
    { path: "/", timestamp: "2026-11-26T10:00:00Z", duration: 5 },
    { path: "/products/itchy-scratchy", timestamp: "2026-11-26T10:00:05Z", duration: 15 },
    { path: "/products/eat", timestamp: "2026-11-26T10:00:20Z", duration: 20 },
    { path: "/cart", timestamp: "2026-11-26T10:00:40Z", duration: 0 },
  ],
  searchHistory: [
    {
      query: "itch",
      timestamp: "2026-11-26T10:00:03Z",
      duration: null,
      scrolledProducts: ["itchy-scratchy"],
      clickedProducts: ["itchy-scratchy"],
    },
  ],
  userEmail: null,
  attribution: {
    source: "newsletter",
    medium: "email",
    campaign: "bench",
    term: null,
    content: null,
    referrer: null,
    landingPage: "/?utm_source=newsletter",
  },
  cartStatus: "active",
  totalViewTime: 40,
  sessionStartTime: "2026-11-26T10:00:00Z",
});

const LOAD_TARGETS: LoadTarget[] = [
  { name: "hello-world (node:http)", target: "hello", path: "/" },
  // As many bytes as the product page's compressed answer (the path is filled in at run time).
  { name: "node:http, as many random bytes", target: "hello", path: PRODUCT_PAGE_BYTES },
  { name: "product page", target: "app", path: PATHS.product },
  { name: "product page, visitor with a cart", target: "app", path: PATHS.product, withCart: true },
  {
    name: "product page, no compression",
    target: "app",
    path: PATHS.product,
    encoding: "identity",
  },
  { name: "collection page", target: "app", path: PATHS.collection },
  { name: "homepage.json data", target: "app", path: PATHS.homepageData },
  { name: "review listing, first page", target: "app", path: PATHS.reviews },
  {
    name: "review listing, no compression",
    target: "app",
    path: PATHS.reviews,
    encoding: "identity",
  },
  { name: "review listing, filtered", target: "app", path: PATHS.reviewsFiltered },
  // A new visitor's first add: no cookie, so each request creates a session and a cart.
  {
    name: "add to cart",
    target: "app",
    path: ADD_TO_CART_PATH,
    method: "POST",
    body: ADD_TO_CART_BODY,
  },
  { name: "read cart", target: "app", path: "/api/cart", withCart: true },
  { name: "instant search (itchy dog)", target: "app", path: PATHS.search },
  { name: "instant search, misspelt (scrching)", target: "app", path: PATHS.searchMisspelt },
  {
    name: "instant search, typed queries in turn",
    target: "app",
    path: PATHS.search,
    rotate: "typed",
  },
  {
    name: "instant search, a query never asked before each time",
    target: "app",
    path: PATHS.search,
    rotate: "new",
  },
  {
    name: "chat: first message (my dog keeps scratching)",
    target: "app",
    path: "/api/chat",
    method: "POST",
    body: CHAT_BODY,
    manyVisitors: true,
  },
  // The beacon every visitor sends when a page is hidden: JSON as text/plain, one open visit.
  {
    name: "metrics/update-session-data (beacon)",
    target: "app",
    path: "/metrics/update-session-data",
    method: "POST",
    body: SESSION_DATA_BODY,
    contentType: "text/plain;charset=UTF-8",
    withVisit: true,
  },
];

/** One row per LOAD_TARGETS entry BENCH_ONLY wants, in order; each with its ratio to hello-world. */
export async function runThroughput(servers: BenchServers, problems: string[]): Promise<LoadRow[]> {
  const { appOrigin, helloOrigin } = servers;
  const rows: LoadRow[] = [];
  for (const target of LOAD_TARGETS.filter((t) => wanted(t.name))) {
    const origin = target.target === "hello" ? helloOrigin : appOrigin;
    let targetPath = target.path;
    if (targetPath === PRODUCT_PAGE_BYTES) {
      const page = await probe(`${appOrigin}${PATHS.product}`, {
        "accept-encoding": BROWSER_ACCEPT_ENCODING,
      });
      if ("error" in page) {
        problems.push(`probe of the product page: ${page.error}`);
        continue;
      }
      targetPath = `/bytes/${page.bytes}`;
    }
    const url = `${origin}${targetPath}`;
    progress(
      `autocannon ${target.name}: ${url} (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s)`,
    );
    const row = await attempt(problems, `load test of ${url}`, async () => {
      const headers: Record<string, string> = {
        ...(target.target === "app" && target.encoding !== "identity"
          ? { "accept-encoding": BROWSER_ACCEPT_ENCODING }
          : {}),
        ...(target.withCart ? { cookie: await cartCookie(origin) } : {}),
        ...(target.withVisit ? { cookie: await visitCookie(origin) } : {}),
        ...(target.contentType ? { "content-type": target.contentType } : {}),
      };
      const onApp = target.target === "app";
      return loadTestWithPeaks(
        target.name,
        url,
        {
          ...(target.method ? { method: target.method } : {}),
          ...(target.body ? { body: target.body } : {}),
          ...(target.rotate ? { paths: ROTATIONS[target.rotate] } : {}),
          ...(target.manyVisitors ? { manyVisitors: true } : {}),
          headers,
        },
        (onApp ? servers.app : servers.hello).proc.pid,
        onApp ? servers.dataDir : null,
      );
    });
    if (row !== null) rows.push(row);
  }
  const helloRps = rows.find((r) => r.name.startsWith("hello-world"))?.requestsPerSecond;
  for (const row of rows) {
    row.ratioToHelloWorld = helloRps ? row.requestsPerSecond / helloRps : null;
  }
  return rows;
}

export function printThroughput(rows: LoadRow[], before: Baseline | null): string[] {
  return [
    `Throughput: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured; every store request sends a browser's Accept-Encoding ("${BROWSER_ACCEPT_ENCODING}") except the rows marked "no compression"; peak RSS is the serving process's largest resident set during the row (budget: 300 MB); CPU/req is the serving process's CPU time per request (autocannon, on the same cores, limits req/s for compressed answers, see the row "node:http, as many random bytes"; CPU/req does not depend on it)`,
    "(latency p50/p99 have 1 ms resolution; compare routes by the ratio to hello-world from the same run)",
    printLoad(rows, before?.load),
    "",
  ];
}
