/**
 * One load row: autocannon on one URL (a warm-up run, then the measured run), with what it
 * answered, its rate and latencies, the server's CPU per request and the processes' peak RSS.
 */
import autocannon, { type Result as LoadResult } from "autocannon";
import type { BaselineRow } from "./baseline.ts";
import { errorMessage, fmt, kb, mb, percent, table } from "./format.ts";
import { getOnce } from "./http-client.ts";
import { cpuSeconds, sampleRss } from "./proc-stats.ts";
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS } from "./settings.ts";

export interface LoadRow {
  name: string;
  url: string;
  /** Status, type and size of one plain GET before the test, to show what is being measured. */
  probe:
    | {
        status: number;
        contentType: string | null;
        /** The answer's Content-Encoding (null: none). */
        contentEncoding: string | null;
        /** Bytes on the wire (compressed when it was). */
        bytes: number;
      }
    | { error: string };
  /** The Accept-Encoding every request sent (null: none). */
  acceptEncoding: string | null;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  throughputBytesPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  ratioToHelloWorld: number | null;
  /** The store server's largest resident set during the run (Linux /proc), in bytes. */
  peakRssBytes: number | null;
  /**
   * The embedded PostgreSQL's largest summed resident set during the run (the postmaster and its
   * children; shared buffers count in each process that touched them), in bytes.
   */
  peakDatabaseRssBytes: number | null;
  /**
   * CPU time (user + system) the serving process spent per request of the measured run, in
   * microseconds (Linux /proc; null elsewhere). Unlike req/s it does not depend on the load
   * generator, which shares the machine and is the bottleneck for compressed answers.
   */
  serverCpuUsPerRequest: number | null;
}

/** One GET as the load test will send it; counts the bytes on the wire, not decoded. */
export async function probe(
  url: string,
  headers: Record<string, string>,
): Promise<LoadRow["probe"]> {
  try {
    const answer = await getOnce(url, headers);
    return {
      status: answer.status,
      contentType: answer.headers["content-type"] ?? null,
      contentEncoding: answer.headers["content-encoding"] ?? null,
      bytes: answer.body.byteLength,
    };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** How a load row's requests differ from a plain GET of its URL. */
export interface LoadRequest {
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Paths each request takes in turn instead of the URL's (different queries). */
  paths?: readonly string[];
  /** Each request with another X-Forwarded-For address (see LoadTarget.manyVisitors). */
  manyVisitors?: boolean;
}

export async function loadTest(
  name: string,
  url: string,
  request: LoadRequest = {},
  /** The serving process, whose CPU time per request is reported. */
  serverPid?: number,
): Promise<LoadRow> {
  const headers = request.headers ?? {};
  let turn = 0;
  let visitor = 0;
  const probed =
    request.method === "POST"
      ? { status: 0, contentType: null, contentEncoding: null, bytes: 0 }
      : await probe(url, headers);
  const options = {
    url,
    method: request.method ?? "GET",
    ...(request.body ? { body: request.body } : {}),
    headers: {
      ...(request.body ? { "content-type": "application/json" } : {}),
      ...request.headers,
    },
    connections: CONNECTIONS,
    ...(request.paths || request.manyVisitors
      ? {
          requests: [
            {
              setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
                turn = (turn + 1) % (request.paths?.length ?? 1);
                visitor += 1;
                return {
                  ...req,
                  path: request.paths?.[turn] ?? req.path,
                  ...(request.manyVisitors
                    ? {
                        headers: {
                          ...req.headers,
                          "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
                        },
                      }
                    : {}),
                };
              },
            },
          ],
        }
      : {}),
  };
  // The warm-up is a run of its own, so the CPU time measured is the measured run's alone.
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = await cpuSeconds(serverPid);
  const result: LoadResult = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpuAfter = await cpuSeconds(serverPid);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    name,
    url,
    probe: probed,
    acceptEncoding: headers["accept-encoding"] ?? null,
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    ratioToHelloWorld: null,
    peakRssBytes: null,
    peakDatabaseRssBytes: null,
    serverCpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

/**
 * loadTest, with the largest RSS of the serving process (`pid`) and, given its data folder, of
 * the embedded PostgreSQL during the row.
 */
export async function loadTestWithPeaks(
  name: string,
  url: string,
  request: LoadRequest,
  pid: number | undefined,
  dataDir: string | null,
): Promise<LoadRow> {
  const rss = sampleRss(pid, dataDir);
  const row = await loadTest(name, url, request, pid).catch(async (error: unknown) => {
    await rss.stopBoth(); // a row that throws stops sampling too
    throw error;
  });
  const peaks = await rss.stopBoth();
  row.peakRssBytes = peaks.server;
  row.peakDatabaseRssBytes = peaks.database;
  return row;
}

export function printLoad(rows: LoadRow[], before: Record<string, BaselineRow> = {}): string {
  const body = rows.map((r) => [
    r.name,
    new URL(r.url).pathname,
    fmt(r.requestsPerSecond),
    fmt(r.latencyMs.p50),
    fmt(r.latencyMs.p99),
    fmt(r.latencyMs.average, 2),
    `${r.errors + r.timeouts} / ${r.non2xx}`,
    r.ratioToHelloWorld === null ? "n/a" : percent(r.ratioToHelloWorld),
    mb(r.peakRssBytes),
    mb(r.peakDatabaseRssBytes),
    r.serverCpuUsPerRequest === null ? "n/a" : `${fmt(r.serverCpuUsPerRequest)} µs`,
    before[r.name] === undefined
      ? "—"
      : `${fmt(before[r.name]?.requestsPerSecond ?? 0)} · ${fmt(before[r.name]?.p99Ms ?? 0)} ms`,
    "error" in r.probe
      ? `probe failed: ${r.probe.error}`
      : `${r.probe.status} ${kb(r.probe.bytes)} ${r.probe.contentEncoding ?? (r.acceptEncoding ? "uncompressed" : "identity")}`,
  ]);
  return table(
    [
      "Route",
      "Path",
      "req/s",
      "p50 ms",
      "p99 ms",
      "avg ms",
      "errors / non-2xx",
      "vs hello",
      "peak RSS",
      "DB RSS",
      "CPU/req",
      "PGlite req/s · p99",
      "Response",
    ],
    body,
    [false, false, true, true, true, true, true, true, true, true, true, true, false],
  );
}
