/**
 * How many paid orders a second does the store take: shoppers at once, each in a loop of a whole
 * checkout (a new visitor's cart, a quote, a payment with the built-in test processor).
 */
import type { Baseline } from "../lib/baseline.ts";
import { fmt, percentiles, progress } from "../lib/format.ts";
import { attempt, whyNotRun } from "../lib/problems.ts";
import { cpuSeconds } from "../lib/proc-stats.ts";
import type { BenchServers } from "../lib/servers.ts";
import { CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS, wanted } from "../lib/settings.ts";
import { checkoutFlow } from "../lib/store-requests.ts";

export interface CheckoutRow {
  name: string;
  orders: number;
  ordersPerSecond: number;
  failures: number;
  statusCodes: Record<string, number>;
  /** The three requests of one checkout, end to end. */
  flowMs: { p50: number; p90: number; p99: number; max: number };
  /** POST /api/checkout alone (payment and order placement). */
  placeMs: { p50: number; p90: number; p99: number; max: number };
  /** CPU time of the serving process per paid order (its three requests), in ms; null if unread. */
  serverCpuMsPerOrder: number | null;
  /** The load generator's own CPU time per order, in ms: it shares the machine's cores. */
  clientCpuMsPerOrder: number | null;
}

/**
 * CONNECTIONS shoppers at once, each in a loop: add one item as a new visitor, quote shipping and
 * tax for an address, pay with 4242 4242 4242 4242. Counts paid orders per second.
 */
export async function checkoutLoad(
  origin: string,
  serverPid: number | undefined,
): Promise<CheckoutRow> {
  const statusCodes: Record<string, number> = {};
  const flows: number[] = [];
  const places: number[] = [];
  let failures = 0;
  const count = (status: number) => {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  };
  const oneCheckout = async (record: boolean) => {
    const flow = await checkoutFlow(origin);
    if (!record) return;
    count(flow.status);
    if (flow.status !== 200) failures += 1;
    places.push(flow.placeMs);
    flows.push(flow.flowMs);
  };
  const run = async (seconds: number, record: boolean) => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) await oneCheckout(record);
      }),
    );
  };
  await run(WARMUP_SECONDS, false);
  const started = performance.now();
  const serverBefore = await cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  await run(DURATION_SECONDS, true);
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await cpuSeconds(serverPid);
  const seconds = (performance.now() - started) / 1000;
  const orders = flows.length - failures;
  const perOrder = (cpuSecondsUsed: number | null) =>
    cpuSecondsUsed === null || orders === 0 ? null : (cpuSecondsUsed * 1000) / orders;
  return {
    name: "full checkout (cart → order)",
    orders,
    ordersPerSecond: orders / seconds,
    failures,
    statusCodes,
    flowMs: percentiles(flows),
    placeMs: percentiles(places),
    serverCpuMsPerOrder: perOrder(
      serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
    ),
    clientCpuMsPerOrder: perOrder((client.user + client.system) / 1e6),
  };
}

export async function runCheckout(
  servers: BenchServers,
  problems: string[],
): Promise<CheckoutRow | null> {
  if (!wanted("full checkout")) return null;
  progress(
    `full checkouts: ${CONNECTIONS} shoppers at once, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s`,
  );
  return attempt(problems, "checkout load", () =>
    checkoutLoad(servers.appOrigin, servers.app.proc.pid),
  );
}

export function printCheckout(row: CheckoutRow | null, before: Baseline | null): string[] {
  const lines: string[] = [];
  if (row === null) {
    lines.push(`Full checkout: ${whyNotRun("full checkout")}`);
  } else {
    const ms = (p: CheckoutRow["flowMs"]) =>
      `p50 ${fmt(p.p50, 0)} ms, p90 ${fmt(p.p90, 0)} ms, p99 ${fmt(p.p99, 0)} ms, max ${fmt(p.max, 0)} ms`;
    lines.push(
      `${row.name}: ${fmt(row.ordersPerSecond, 1)} paid orders/s (${row.orders} orders, ${row.failures} failed; status ${JSON.stringify(row.statusCodes)})`,
      `  whole flow (add, quote, pay): ${ms(row.flowMs)}`,
      `  POST /api/checkout alone:     ${ms(row.placeMs)}`,
      `  CPU per order: server ${row.serverCpuMsPerOrder === null ? "n/a" : `${fmt(row.serverCpuMsPerOrder, 2)} ms`}, load generator ${row.clientCpuMsPerOrder === null ? "n/a" : `${fmt(row.clientCpuMsPerOrder, 2)} ms`}`,
    );
  }
  if (before?.checkout) {
    lines.push(
      `  last PGlite run: ${fmt(before.checkout.ordersPerSecond, 1)} paid orders/s, whole flow p99 ${fmt(before.checkout.flowP99Ms)} ms`,
    );
  }
  lines.push("");
  return lines;
}
