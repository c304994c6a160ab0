// Recording: every route asked, each answer masked and written, and the manifest.
import { type ChildProcess, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { RegisteredRoute } from "../get-answers-hook.ts";
import {
  DROPPED_HEADERS,
  maskHeader,
  type NormaliseContext,
  normaliseText,
  UUID_PATTERN,
} from "../get-answers-normalise.ts";

import { type Answer, agent, send, type Visitor } from "./http.ts";
import { isObject, type Json, unique } from "./json.ts";
import {
  FILL,
  identitiesOf,
  queryVariants,
  type StoreValues,
  storeValues,
  webRoutes,
  withQuery,
} from "./routes.ts";
import { type Run, startServer, stopServer } from "./server.ts";
import {
  type Identity,
  PLATFORM_HOST,
  repoRoot,
  SERVE_ENV,
  STORES,
  webClientDir,
} from "./settings.ts";
import { literals, setUp, signInOperator, type Visitors } from "./setup.ts";

interface Work {
  /** The Fastify route that answers it. */
  route: string;
  /** The React Router route, for a page. */
  page: string | null;
  url: string;
  as: Identity;
}

interface Recorded extends Work {
  store: string;
  host: string;
  answer: Answer;
  /** Answered by @fastify/static from the web build: recorded by digest. */
  staticFile: boolean;
}

function isStaticFile(route: string): boolean {
  return !/[:*]/.test(route) && existsSync(path.join(webClientDir, route)) && route !== "/";
}

/** What each store asks, in a fixed order (by URL), whatever order the routes were registered. */
export function plan(
  routes: readonly string[],
  pages: readonly string[],
  openapi: unknown,
  values: StoreValues,
  visitors: Visitors,
): { work: Work[]; unfilled: { route: string; reason: string }[] } {
  const work: Work[] = [];
  const unfilled: { route: string; reason: string }[] = [];
  const add = (route: string, page: string | null, urls: string[], variants: string[]) => {
    const who = identitiesOf(page ?? route, visitors);
    for (const url of urls) for (const as of who) work.push({ route, page, url, as });
    // The enum variants: on the first URL, as the (first) identity the route is for.
    const first = urls[0];
    const own = who[1] ?? "anon";
    if (first)
      for (const q of variants) work.push({ route, page, url: withQuery(first, q), as: own });
  };
  for (const route of routes) {
    if (route === "/media/*") continue; // asked after the rest: the images their answers name
    if (route === "/*") {
      for (const page of pages) {
        const fill = FILL[page];
        if (/[:*]/.test(page) && !fill) {
          unfilled.push({ route: page, reason: "no values for its params (FILL)" });
          continue;
        }
        const urls = fill ? fill(values) : [page];
        if (urls.length === 0) unfilled.push({ route: page, reason: "the demo data has no value" });
        add(route, page, urls, []);
      }
      continue;
    }
    const fill = FILL[route];
    if (/[:*]/.test(route) && !fill) {
      unfilled.push({ route, reason: "no values for its params (FILL)" });
      continue;
    }
    const urls = fill ? fill(values) : [route];
    if (urls.length === 0) unfilled.push({ route, reason: "the demo data has no value" });
    add(route, null, urls, isStaticFile(route) ? [] : queryVariants(openapi, route));
  }
  work.sort((a, b) =>
    a.url < b.url ? -1 : a.url > b.url ? 1 : a.as < b.as ? -1 : a.as > b.as ? 1 : 0,
  );
  return { work, unfilled };
}

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg)/;

function headerOf(answer: Answer, name: string): string {
  return answer.headers.find(([n]) => n === name)?.[1] ?? "";
}

/** The /media/ URLs a store's answers name: every file once, and each sized form of one. */
function mediaUrls(recorded: readonly Recorded[], storeId: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`/media/${storeId}/[A-Za-z0-9._/-]+(?:\\?[A-Za-z0-9=&;._-]+)?`, "g");
  for (const r of recorded) {
    if (!TEXT_TYPES.test(headerOf(r.answer, "content-type"))) continue;
    for (const m of r.answer.body.toString("utf8").matchAll(pattern)) {
      found.add(m[0].replaceAll("&amp;", "&").replace(/[&;]+$/, ""));
    }
  }
  const files = unique([...found].map((u) => u.split("?")[0] as string)).sort();
  const queries = unique(
    [...found].filter((u) => u.includes("?")).map((u) => u.slice(u.indexOf("?"))),
  ).sort();
  const sample = files.find((f) => queries.some((q) => found.has(`${f}${q}`))) ?? files[0];
  return [...files, ...(sample ? queries.map((q) => `${sample}${q}`) : [])];
}

/**
 * Labels for the ids the answers show beside a name, with where: `variants.sku=ITCHY-1`,
 * `products.handle=eat`, `user.email=demo@pawsome.test` (the first place an id is seen, in the
 * order of the URLs asked).
 */
const LABEL_KEYS = ["handle", "sku", "code", "number", "email", "name", "title", "url"];
const WHOLE_UUID = new RegExp(`^${UUID_PATTERN.source}$`);

function idLabels(recorded: readonly Recorded[]): Map<string, string> {
  const labels = new Map<string, string>();
  const used = new Set<string>();
  const visit = (value: unknown, where: string) => {
    if (Array.isArray(value)) for (const item of value) visit(item, where);
    else if (isObject(value)) {
      const id = value.id;
      if (typeof id === "string" && WHOLE_UUID.test(id) && !labels.has(id)) {
        const key = LABEL_KEYS.find(
          (k) => typeof value[k] === "string" || typeof value[k] === "number",
        );
        if (key) {
          const base = `${where ? `${where}.` : ""}${key}=${String(value[key])}`;
          let label = base;
          for (let n = 2; used.has(label); n++) label = `${base}#${n}`;
          labels.set(id, label);
          used.add(label);
        }
      }
      for (const [key, child] of Object.entries(value)) visit(child, key);
    }
  };
  for (const r of recorded) {
    if (!/json/.test(headerOf(r.answer, "content-type"))) continue;
    try {
      visit(JSON.parse(r.answer.body.toString("utf8")) as Json, "");
    } catch {
      // Not JSON after all: nothing to label.
    }
  }
  return labels;
}

/**
 * `/api/products/x?page=2` → `api~products~x?page=2.txt`, a file name that keeps the (masked)
 * URL: `/api/admin/products/<uuid handle=eat>` → `api~admin~products~{uuid_handle=eat}.txt`.
 */
export function fileName(maskedUrl: string): string {
  const name = maskedUrl === "/" ? "_root" : maskedUrl.slice(1);
  const special: Record<string, string> = { "/": "~", "<": "{", ">": "}", " ": "_" };
  return `${name.replace(/[^A-Za-z0-9._?=&,{}-]/g, (c) => special[c] ?? `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`)}.txt`;
}

/** The recorded text of one answer, masked. */
function answerText(r: Recorded, ctx: NormaliseContext): string {
  const url = normaliseText(r.url, ctx);
  const lines = [`GET ${url}`, `host: ${r.host}`, `as: ${r.as}`, "", `HTTP ${r.answer.status}`];
  for (const [name, raw] of r.answer.headers) {
    if (name in DROPPED_HEADERS) continue;
    const value = normaliseText(raw, ctx);
    lines.push(`${name}: ${maskHeader(name, value) ?? value}`);
  }
  lines.push("");
  const type = headerOf(r.answer, "content-type");
  const body = r.answer.body;
  if (r.staticFile || r.route === "/media/*" || !TEXT_TYPES.test(type)) {
    // Files (the web build's, the stores' images) and anything binary: by digest.
    const digest = createHash("sha256").update(body).digest("hex");
    lines.push(`[${body.length} bytes, sha256 ${digest}]`);
  } else {
    lines.push(normaliseText(body.toString("utf8"), ctx));
  }
  return `${lines.join("\n")}\n`;
}

interface RecordOptions {
  out: string;
  port: number;
  postgres: string;
  keep: boolean;
}

export async function record(options: RecordOptions): Promise<number> {
  const started = new Date();
  const day0 = Date.UTC(started.getUTCFullYear(), started.getUTCMonth(), started.getUTCDate());
  const stamp = started.toISOString().replace(/\D/g, "").slice(0, 14);
  const dbName = `gets_${stamp}_${process.pid}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gets-"));
  const admin = new pg.Client({ connectionString: options.postgres });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = new URL(options.postgres);
  databaseUrl.pathname = `/${dbName}`;
  const run: Run = {
    port: options.port,
    databaseUrl: databaseUrl.href,
    dataDir,
    routesFile: path.join(dataDir, "routes.json"),
    serverLog: path.join(dataDir, "server.log"),
    env: {
      ...process.env,
      ...SERVE_ENV,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl.href,
      DATA_DIR: dataDir,
      // Test setup, for answers that do not depend on when or where the run is: the timed
      // jobs (cart reminders, payment holds, renewals, retention) would change the data at
      // moments of their own, and the machine's time zone would be the server's.
      RUN_JOBS: "false",
      TZ: "UTC",
      // Info: the line saying the images are made (startServer waits for it).
      LOG_LEVEL: "info",
      GETS_ROUTES_FILE: path.join(dataDir, "routes.json"),
    },
  };
  console.log(`database ${dbName}, DATA_DIR ${dataDir}, port ${options.port}`);
  let server: ChildProcess | null = null;
  try {
    server = await startServer(run);
    const registered = JSON.parse(await readFile(run.routesFile, "utf8")) as RegisteredRoute[];
    const getRoutes = unique(
      registered.filter((r) => r.methods.includes("GET")).map((r) => r.url),
    ).sort();
    const pages = await webRoutes();
    const openapi = JSON.parse(
      (await send(run.port, "GET", PLATFORM_HOST, "/api/openapi.json", {})).body.toString("utf8"),
    ) as unknown;
    const buildFiles = getRoutes.filter(isStaticFile).length;
    console.log(
      `${getRoutes.length} GET routes registered (${buildFiles} of them the web build's files), ${pages.length} page routes in the web build`,
    );

    const operator = await signInOperator(run);
    const recorded: Recorded[] = [];
    const unfilledByStore = new Map<string, { route: string; reason: string }[]>();
    for (const store of STORES) {
      const visitors = await setUp(run, store, operator);
      const values = await storeValues(run, store, visitors.owner as Visitor);
      const { work, unfilled } = plan(getRoutes, pages, openapi, values, visitors);
      unfilledByStore.set(store.dir, unfilled);
      const ask = async (w: Work) => {
        const answer =
          w.as === "anon"
            ? await send(run.port, "GET", store.host, w.url, {})
            : await (visitors[w.as] as Visitor).get(w.url);
        recorded.push({
          ...w,
          store: store.dir,
          host: store.host,
          answer,
          staticFile: isStaticFile(w.route),
        });
      };
      for (const w of work) await ask(w);
      const media = mediaUrls(
        recorded.filter((r) => r.store === store.dir),
        store.storeId,
      );
      for (const url of media) await ask({ route: "/media/*", page: null, url, as: "anon" });
      console.log(`${store.dir}: ${work.length + media.length} answers`);
    }

    // Writing: every answer masked, then the manifest.
    await rm(options.out, { recursive: true, force: true });
    await mkdir(options.out, { recursive: true });
    const ctx: NormaliseContext = { day0, labels: idLabels(recorded), literals };
    const files: {
      file: string;
      store: string;
      as: Identity;
      url: string;
      route: string;
      page: string | null;
      status: number;
    }[] = [];
    const written = new Set<string>();
    const seenUrls = new Set<string>();
    for (const r of recorded) {
      if (seenUrls.has(`${r.store} ${r.as} ${r.url}`)) continue; // one URL in two routes' lists
      seenUrls.add(`${r.store} ${r.as} ${r.url}`);
      let file = path.join(r.store, r.as, fileName(normaliseText(r.url, ctx)));
      // Two URLs masked alike (ids no answer names): told apart in the order they were asked.
      for (let n = 2; written.has(file); n++) {
        file = path.join(r.store, r.as, fileName(`${normaliseText(r.url, ctx)}~${n}`));
      }
      written.add(file);
      await mkdir(path.join(options.out, path.dirname(file)), { recursive: true });
      await writeFile(path.join(options.out, file), answerText(r, ctx));
      files.push({
        file,
        store: r.store,
        as: r.as,
        url: normaliseText(r.url, ctx),
        route: r.route,
        page: r.page,
        status: r.answer.status,
      });
    }
    const coverage = (
      key: (r: Recorded) => string | null,
      names: readonly string[],
      source: string,
    ) =>
      names.map((name) => {
        const answers = Object.fromEntries(
          STORES.map((s) => [
            s.dir,
            recorded.filter((r) => r.store === s.dir && key(r) === name).length,
          ]),
        );
        const notExercised = STORES.filter((s) => answers[s.dir] === 0).map((s) => ({
          store: s.dir,
          reason:
            unfilledByStore.get(s.dir)?.find((u) => u.route === name)?.reason ?? "never asked",
        }));
        return { route: name, source, answers, notExercised };
      });
    const routes = [
      ...coverage((r) => r.route, getRoutes, "fastify"),
      ...coverage((r) => r.page, pages, "react-router"),
    ];
    const missing = routes.flatMap((r) => r.notExercised.map((n) => ({ route: r.route, ...n })));
    const manifest = {
      tool: "bench/get-answers.ts",
      ...gitCommits(),
      recordedOn: new Date(day0).toISOString().slice(0, 10),
      stores: STORES.map((s) => ({ dir: s.dir, host: s.host, storeId: s.storeId })),
      getRoutes: getRoutes.length,
      staticFileRoutes: getRoutes.filter(isStaticFile).length,
      pageRoutes: pages.length,
      normalised: {
        droppedHeaders: DROPPED_HEADERS,
        see: "bench/get-answers-normalise.ts",
      },
      routes,
      notExercised: missing,
      answers: files,
    };
    await writeFile(
      path.join(options.out, "manifest.json"),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );

    console.log(`${files.length} answers written to ${options.out}`);
    for (const s of STORES) {
      const asked = routes.filter((r) => (r.answers[s.dir] ?? 0) > 0);
      console.log(
        `  ${s.dir}: ${asked.filter((r) => r.source === "fastify").length}/${getRoutes.length} GET routes, ${asked.filter((r) => r.source === "react-router").length}/${pages.length} page routes exercised`,
      );
    }
    if (missing.length > 0) {
      console.log("Not exercised:");
      for (const m of missing) console.log(`  ${m.store} ${m.route}: ${m.reason}`);
      return 1;
    }
    return 0;
  } finally {
    if (server) await stopServer(server);
    agent.destroy();
    if (!options.keep) {
      await admin.query(`drop database if exists ${dbName}`).catch((err: unknown) => {
        console.error(`Could not drop ${dbName}: ${String(err)}`);
      });
      await rm(dataDir, { recursive: true, force: true });
    } else {
      console.log(`kept database ${dbName} and ${dataDir}`);
    }
    await admin.end();
  }
}

/** HEAD, and the newest commit that changed the server, the web app or the domain. */
function gitCommits(): { commit: string; serverCommit: string } {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
  try {
    const code = ["apps", "packages", "package-lock.json"];
    const dirty = git("status", "--porcelain", "--", ...code) !== "";
    return {
      commit: git("rev-parse", "HEAD"),
      serverCommit: `${git("log", "-1", "--format=%H", "--", ...code)}${dirty ? " (and uncommitted changes)" : ""}`,
    };
  } catch {
    return { commit: "unknown", serverCommit: "unknown" };
  }
}
