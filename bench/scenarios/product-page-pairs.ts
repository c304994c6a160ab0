/**
 * What does the store's own work cost on its product page: the page against node:http answering
 * its very bytes and headers from memory, in back-to-back pairs (the median pair is reported).
 */
import { writeFile } from "node:fs/promises";
import type { Baseline } from "../lib/baseline.ts";
import { fmt, median, percent, progress } from "../lib/format.ts";
import { getOnce } from "../lib/http-client.ts";
import { type LoadRow, loadTest } from "../lib/load-test.ts";
import { attempt } from "../lib/problems.ts";
import type { BenchServers } from "../lib/servers.ts";
import { BROWSER_ACCEPT_ENCODING, wanted } from "../lib/settings.ts";
import { PATHS } from "../lib/store-requests.ts";

/** Back-to-back pairs of (the same bytes from memory, the product page); the median is reported. */
const PAIRS = 3;

export interface ProductPagePair {
  sameBytes: LoadRow;
  page: LoadRow;
  ratio: number;
}

/** Headers the replay leaves out: they belong to the connection, or to the moment. */
const NOT_REPLAYED = ["date", "connection", "keep-alive", "transfer-encoding"];

/**
 * Saves one answer to a browser's GET of the product page as it came (the compressed bytes, the
 * headers but those of the connection), for the node:http server to answer from memory.
 */
export async function saveReplay(servers: BenchServers): Promise<void> {
  const answer = await getOnce(`${servers.appOrigin}${PATHS.product}`, {
    "accept-encoding": BROWSER_ACCEPT_ENCODING,
  });
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || NOT_REPLAYED.includes(name)) continue;
    headers[name] = value;
  }
  headers["content-length"] = String(answer.body.byteLength);
  await writeFile(
    servers.replayFile,
    JSON.stringify({ headers, body: answer.body.toString("base64") }),
  );
}

export async function runProductPagePairs(
  servers: BenchServers,
  problems: string[],
): Promise<ProductPagePair[]> {
  const pairs: ProductPagePair[] = [];
  if (!wanted("product page")) return pairs;
  for (let i = 1; i <= PAIRS; i++) {
    progress(`product page against the same bytes, pair ${i} of ${PAIRS}`);
    const pair = await attempt(problems, `product page pair ${i}`, async () => {
      const encoding = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
      const sameBytes = await loadTest(
        "node:http, the product page's bytes and headers",
        `${servers.helloOrigin}/replay`,
        { headers: encoding },
        servers.hello.proc.pid,
      );
      const page = await loadTest(
        "product page",
        `${servers.appOrigin}${PATHS.product}`,
        { headers: encoding },
        servers.app.proc.pid,
      );
      return { sameBytes, page, ratio: page.requestsPerSecond / sameBytes.requestsPerSecond };
    });
    if (pair !== null) pairs.push(pair);
  }
  return pairs;
}

/** The median pair's ratio and the median p99 of the product page; null without pairs. */
export function pairMedians(pairs: ProductPagePair[]): {
  ratio: number | null;
  p99: number | null;
} {
  return {
    ratio: median(pairs.map((p) => p.ratio)),
    p99: median(pairs.map((p) => p.page.latencyMs.p99)),
  };
}

export function printProductPagePairs(pairs: ProductPagePair[], before: Baseline | null): string[] {
  if (pairs.length === 0) return [];
  const { ratio, p99 } = pairMedians(pairs);
  return [
    "Product page against node:http answering its very bytes and headers from memory, back-to-back pairs:",
    ...pairs.map(
      (p, i) =>
        `  pair ${i + 1}: same bytes ${fmt(p.sameBytes.requestsPerSecond)}/s p99 ${fmt(p.sameBytes.latencyMs.p99)} ms; product page ${fmt(p.page.requestsPerSecond)}/s p99 ${fmt(p.page.latencyMs.p99)} ms, ${fmt(p.page.serverCpuUsPerRequest ?? 0)} µs CPU/req: ${percent(p.ratio)}`,
    ),
    `  median: ${ratio === null ? "n/a" : percent(ratio)}, p99 ${p99 === null ? "n/a" : `${fmt(p99)} ms`}; last PGlite run: ${before?.productPageVsSameBytes ? `${percent(before.productPageVsSameBytes.ratio)} (${before.productPageVsSameBytes.note})` : "n/a"}`,
    "",
  ];
}
