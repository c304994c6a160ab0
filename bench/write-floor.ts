/**
 * The write floor: how fast a bare script runs the SQL statements a write path runs, in the same
 * transactions, on the same database, at the same concurrency. A write path's rate over its
 * floor's says how much of its time is the server's own (HTTP, validation, rendering, pooling).
 *
 * The statements are taken from PostgreSQL's own log (`log_statement = all`, set for the recording
 * only with ALTER SYSTEM, then reset): the flow is run a few times one after another, and two
 * consecutive recordings with the same statements are kept. Values that differ between the two
 * (ids, tokens and keys the server makes for each visitor) are replaced by fresh ones in each
 * replayed flow, so a replay inserts new rows as the server does; values both share (the store,
 * the variant) are kept. Statements with parameters are prepared on each connection as the
 * server's pool prepares them (apps/server/src/db/statement-names.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import pg from "pg";
import { nameStatementsOf, statementNames } from "../apps/server/src/db/statement-names.ts";

/** One statement as the server sent it: "simple" (BEGIN, COMMIT) or with parameters. */
export interface LoggedStatement {
  text: string;
  params: (string | null)[] | null;
}

export interface FloorResult {
  /** Statements per flow, BEGIN and COMMIT included. */
  statements: number;
  transactions: number;
  flowsPerSecond: number;
  flows: number;
  /** Flows in which a statement failed (each rolled back and counted, not in flowsPerSecond). */
  failedFlows: number;
  firstError: string | null;
}

const APP_NAME = "bench-write-floor";
const MARKER = "bench_flow_marker";
/** The log line prefix set for the recording: time, backend pid, application name. */
const PREFIX = "%m [%p] %a| ";
const ENTRY_START =
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] ([^|\n]*)\| ([A-Z]+): {2}/gm;

interface LogEntry {
  pid: string;
  app: string;
  level: string;
  message: string;
}

function parseLog(text: string): LogEntry[] {
  const starts = [...text.matchAll(ENTRY_START)];
  return starts.map((m, i) => {
    const end = starts[i + 1]?.index ?? text.length;
    return {
      pid: m[1] ?? "",
      app: m[2] ?? "",
      level: m[3] ?? "",
      message: text.slice((m.index ?? 0) + m[0].length, end).replace(/\n$/, ""),
    };
  });
}

/** `$1 = 'a''b', $2 = NULL, …` → ["a'b", null, …]. */
function parseParameters(detail: string): (string | null)[] {
  const values: (string | null)[] = [];
  let i = detail.indexOf("$");
  while (i >= 0 && i < detail.length) {
    const eq = detail.indexOf(" = ", i);
    if (eq < 0) break;
    let j = eq + 3;
    if (detail.startsWith("NULL", j)) {
      values.push(null);
      j += 4;
    } else if (detail[j] === "'") {
      let value = "";
      j += 1;
      for (;;) {
        const quote = detail.indexOf("'", j);
        if (quote < 0) throw new Error("unterminated parameter in the log");
        value += detail.slice(j, quote);
        if (detail[quote + 1] === "'") {
          value += "'";
          j = quote + 2;
        } else {
          j = quote + 1;
          break;
        }
      }
      values.push(value);
    } else {
      throw new Error(`unexpected parameter in the log: ${detail.slice(i, i + 40)}`);
    }
    i = detail.startsWith(", $", j) ? j + 2 : -1;
  }
  return values;
}

/** The server's statements of each recorded flow, in the order PostgreSQL ran them. */
function flowsFromLog(text: string): LoggedStatement[][] {
  const flows: LoggedStatement[][] = [];
  let current: LoggedStatement[] | null = null;
  let last: LoggedStatement | null = null;
  for (const entry of parseLog(text)) {
    if (entry.app === APP_NAME) {
      if (entry.level === "LOG" && entry.message.includes(MARKER)) {
        current = [];
        flows.push(current);
      }
      last = null;
      continue;
    }
    // Only the store's own pool: not the job queue's (pg-boss) nor anything else.
    // (node-postgres sets no application name: PostgreSQL logs it as "[unknown]").
    if ((entry.app !== "" && entry.app !== "[unknown]") || current === null) {
      last = null;
      continue;
    }
    if (entry.level === "LOG") {
      const simple = /^statement: ([\s\S]*)$/.exec(entry.message);
      const extended = /^execute [^:]*: ([\s\S]*)$/.exec(entry.message);
      last = simple
        ? { text: simple[1] ?? "", params: null }
        : extended
          ? { text: extended[1] ?? "", params: [] }
          : null;
      if (last) current.push(last);
    } else if (
      entry.level === "DETAIL" &&
      last?.params &&
      entry.message.startsWith("Parameters: ")
    ) {
      last.params = parseParameters(entry.message.slice("Parameters: ".length));
    }
  }
  return flows;
}

const TOKEN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,}/gi;

function tokensOf(flow: LoggedStatement[]): Set<string> {
  const found = new Set<string>();
  for (const s of flow)
    for (const p of s.params ?? []) for (const m of p?.matchAll(TOKEN) ?? []) found.add(m[0]);
  return found;
}

function freshLike(token: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(token)) return randomUUID();
  if (/^[0-9a-f]+$/i.test(token))
    return randomBytes(Math.ceil(token.length / 2))
      .toString("hex")
      .slice(0, token.length);
  return randomBytes(token.length).toString("base64url").slice(0, token.length);
}

/** A flow to replay: the later recording, with the values made per flow marked for renewal. */
export interface FlowTemplate {
  statements: LoggedStatement[];
  perFlow: string[];
}

function template(a: LoggedStatement[], b: LoggedStatement[]): FlowTemplate {
  const shared = tokensOf(a);
  return { statements: b, perFlow: [...tokensOf(b)].filter((t) => !shared.has(t)) };
}

function instantiate(flow: FlowTemplate): LoggedStatement[] {
  const renewed = new Map(flow.perFlow.map((t) => [t, freshLike(t)]));
  if (renewed.size === 0) return flow.statements;
  const pattern = new RegExp(flow.perFlow.map((t) => t.replace(/[-]/g, "\\-")).join("|"), "g");
  return flow.statements.map((s) => ({
    text: s.text,
    params:
      s.params?.map((p) => (p === null ? null : p.replace(pattern, (t) => renewed.get(t) ?? t))) ??
      null,
  }));
}

/**
 * Runs `flow` (one request or a few, one flow at a time) `times` times with every statement
 * logged, and answers two consecutive recordings that ran the same statements.
 */
export async function recordFlow(
  databaseUrl: string,
  logFile: string,
  flow: () => Promise<void>,
  times = 8,
): Promise<FlowTemplate> {
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: APP_NAME });
  await admin.connect();
  let text: string;
  try {
    const from = (await stat(logFile)).size;
    await admin.query("alter system set log_statement = 'all'");
    await admin.query(`alter system set log_line_prefix = '${PREFIX}'`);
    await admin.query("select pg_reload_conf()");
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      for (let i = 0; i < times; i++) {
        await admin.query(`select '${MARKER}'`);
        await flow();
      }
      await admin.query(`select '${MARKER}'`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await admin.query("alter system reset log_statement");
      await admin.query("alter system reset log_line_prefix");
      await admin.query("select pg_reload_conf()");
    }
    text = (await readFile(logFile)).subarray(from).toString("utf8");
  } finally {
    await admin.end();
  }
  const flows = flowsFromLog(text).slice(0, times);
  const same = (a: LoggedStatement[], b: LoggedStatement[]) =>
    a.length > 0 && a.length === b.length && a.every((s, i) => s.text === b[i]?.text);
  // Reused answers (a few seconds' TTL) and notices sent after a commit make some recordings
  // differ from the rest: the statements most recordings ran are the flow's, and two of them make
  // the template.
  let best: [LoggedStatement[], LoggedStatement[]] | null = null;
  let bestCount = 0;
  for (const a of flows) {
    const alike = flows.filter((b) => same(a, b));
    const [first, second] = alike;
    if (first && second && alike.length > bestCount) {
      best = [first, second];
      bestCount = alike.length;
    }
  }
  if (best) return template(best[0], best[1]);
  throw new Error(
    `no two recordings ran the same statements (statements per flow: ${flows.map((f) => f.length).join(", ")})`,
  );
}

/** Replays the flow on `connections` clients for `seconds` after a warm-up; flows per second. */
export async function replayFlow(
  databaseUrl: string,
  flow: FlowTemplate,
  options: { connections: number; warmupSeconds: number; seconds: number },
): Promise<FloorResult> {
  // Prepared as the server's pool prepares them (db/statement-names.ts): a flow repeats its texts.
  const names = statementNames();
  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl, application_name: APP_NAME });
      await client.connect();
      nameStatementsOf(client, names);
      return client;
    }),
  );
  let flows = 0;
  let failedFlows = 0;
  let firstError: string | null = null;
  const once = async (client: pg.Client, record: boolean) => {
    let inTransaction = false;
    try {
      for (const s of instantiate(flow)) {
        if (s.params === null) {
          await client.query(s.text);
          const word = s.text.trim().toLowerCase();
          if (word.startsWith("begin")) inTransaction = true;
          if (word.startsWith("commit") || word.startsWith("rollback")) inTransaction = false;
        } else {
          await client.query({ text: s.text }, s.params);
        }
      }
      if (record) flows++;
    } catch (error) {
      if (inTransaction) await client.query("rollback").catch(() => {});
      if (record) failedFlows++;
      firstError ??= (error as Error).message;
    }
  };
  const run = async (seconds: number, record: boolean) => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < until) await once(client, record);
      }),
    );
  };
  try {
    await run(options.warmupSeconds, false);
    const started = performance.now();
    await run(options.seconds, true);
    const seconds = (performance.now() - started) / 1000;
    return {
      statements: flow.statements.length,
      transactions: flow.statements.filter((s) => s.params === null && /^\s*begin/i.test(s.text))
        .length,
      flowsPerSecond: flows / seconds,
      flows,
      failedFlows,
      firstError,
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}
