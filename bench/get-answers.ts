/**
 * The answer of every GET route, recorded for the three demo stores, so that a change of the
 * server's structure can be shown to change nothing an API client or a browser sees.
 *
 *   npm run gets:record -- --out /tmp/gets-a          # builds, then records a fresh server
 *   npm run gets:compare -- /work/gets-baseline /tmp/gets-a
 *
 * `record` starts the built server (apps/server/dist/main.js, as `npm run serve` does) on a fresh
 * database of the machine's PostgreSQL and a fresh DATA_DIR, lists every route the server
 * registers from the Fastify instance itself (bench/get-answers-hook.ts, loaded into the server
 * process), and every page route from the web build (React Router's routes). It signs in each
 * store's owner, a shopper (the demo account, else one registered through the API) and the
 * platform's operator, gives the data a little life through the API (an order with a discount
 * and a subscription, a cart, an abandoned cart, a chat, a trade application or design request),
 * then asks every GET route with real values from the demo data for its params, as a visitor
 * with no cookies and as the identity the route is for, plus one request per value of each enum
 * query parameter the OpenAPI document lists. Each answer (status, headers, body) is written to
 * OUT/<store>/<as>/<path>.txt with the volatile values masked (bench/get-answers-normalise.ts
 * says which and why), and OUT/manifest.json lists every route, how often it was asked per store,
 * and those that could not be (also printed; the exit code is 1 then).
 *
 * `compare` prints which answers are byte-identical and a diff of each that is not, with the
 * JSON keys whose name changed (line_total -> lineTotal); it exits 1 when anything differs.
 *
 * Options of record: --out DIR (required; emptied first), --port N (4701), --postgres URL of
 * the machine's PostgreSQL (postgres://root@127.0.0.1:5432/postgres, or GETS_POSTGRES_URL), and
 * --keep to keep the database (gets_*) and the DATA_DIR (/tmp/gets-*) for a look afterwards.
 * docs/get-answers.md says more, with the values masked and the known limits.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import ts from "typescript";
import { compareRecordings } from "./get-answers-compare.ts";
import type { RegisteredRoute } from "./get-answers-hook.ts";
import {
  DROPPED_HEADERS,
  maskHeader,
  type NormaliseContext,
  normaliseText,
  UUID_PATTERN,
} from "./get-answers-normalise.ts";

// ---------------------------------------------------------------------------------------------
// Settings

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, "..");
const serverMain = path.join(repoRoot, "apps", "server", "dist", "main.js");
const platformCli = path.join(repoRoot, "apps", "server", "dist", "platform-cli.js");
const webBuildDir = path.join(repoRoot, "apps", "web", "build");
const webClientDir = path.join(webBuildDir, "client");
const hookSource = path.join(benchDir, "get-answers-hook.ts");

/** `npm run serve`'s environment and V8 flags (package.json), so the server runs as it does. */
const SERVE_ENV = { NODE_ENV: "production", MALLOC_ARENA_MAX: "2" };
const SERVE_FLAGS = ["--max-old-space-size=128", "--max-semi-space-size=4"];

const DEFAULT_POSTGRES = "postgres://root@127.0.0.1:5432/postgres";
const DEFAULT_PORT = 4701;
const REQUEST_TIMEOUT_MS = 60_000;

/** The demo stores (README, "The demo stores") and what the recording does on each. */
interface DemoStore {
  /** The folder of its answers. */
  dir: string;
  host: string;
  storeId: string;
  owner: string;
  /** The demo shopper, or null: one is registered through the API. */
  shopper: { email: string; password: string } | null;
  /** The demo trade account, whose pages show trade prices. */
  trade: { email: string; password: string } | null;
  /** A discount code the shopper's order uses. */
  discountCode: string;
  /** The code is made by the owner through the admin API first (the store has none). */
  createDiscount: boolean;
  chatMessage: string;
  tradeApplication: boolean;
  designRequest: boolean;
}

// The demo accounts' passwords are the README's, loaded only into a fresh database.
const OWNER_PASSWORD = "Store-Owner-Demo-2026";

const STORES: readonly DemoStore[] = [
  {
    dir: "pawsome",
    // The pet store's own domain, which is also PLATFORM_HOST by default: the operator's too.
    host: "pets.localhost",
    storeId: "pet-remedies",
    owner: "admin@pawsome.test",
    shopper: { email: "demo@pawsome.test", password: "Willow-and-Biscuit-2026" },
    trade: { email: "trade@pawsome.test", password: "Corner-Pet-Shop-2026" },
    discountCode: "SAVE10",
    createDiscount: false,
    chatMessage: "my dog keeps scratching",
    tradeApplication: true,
    designRequest: false,
  },
  {
    dir: "fernwood",
    host: "garden.localhost",
    storeId: "garden-studio",
    owner: "admin@fernwood.test",
    shopper: null,
    trade: null,
    discountCode: "GETS10",
    createDiscount: true,
    chatMessage: "what is your refund policy?",
    tradeApplication: false,
    designRequest: true,
  },
  {
    dir: "hempandhearth",
    host: "hemp.localhost",
    storeId: "hemp-nutrition",
    owner: "admin@hempandhearth.test",
    shopper: null,
    trade: null,
    discountCode: "HEMP10",
    createDiscount: false,
    chatMessage: "do you ship to Canada?",
    tradeApplication: false,
    designRequest: false,
  },
];

/** PLATFORM_HOST's default (config.ts): the operator's screens and API answer there only. */
const PLATFORM_HOST = "pets.localhost";

/** Who asks: no cookies at all, or one of the signed-in identities. */
type Identity = "anon" | "shopper" | "trade" | "owner" | "operator";

/** What the test-card processor accepts (README) and an address with a sales tax. */
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const NY_ADDRESS = {
  line1: "1 Main St",
  city: "New York",
  region: "NY",
  postalCode: "10001",
  country: "US",
};

/** How long the recorded visit lasts (the abandoned carts' report shows it). */
const VISIT_SECONDS = 2;

/** Searches asked on every store (a product word, a pet-store everyday word, nothing found). */
const SEARCHES = ["calm", "hot spots", "zzxqv"];

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  /** Header names in lower case, in the order sent; repeated headers (set-cookie) repeated. */
  headers: [string, string][];
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  port: number,
  method: string,
  host: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: {
          host,
          ...headers,
          ...(payload
            ? { "content-type": "application/json", "content-length": payload.length }
            : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            pairs.push([(res.rawHeaders[i] ?? "").toLowerCase(), res.rawHeaders[i + 1] ?? ""]);
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${host}${url}: no answer in time`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** A browser on one host: keeps the cookies the server sets and sends them back. */
class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    readonly host: string,
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await send(
      this.port,
      method,
      this.host,
      url,
      { ...headers, ...(cookie ? { cookie } : {}) },
      body,
    );
    for (const [name, value] of answer.headers) {
      if (name !== "set-cookie") continue;
      const [pair = "", ...attributes] = value.split(";");
      const eq = pair.indexOf("=");
      const cookieName = pair.slice(0, eq).trim();
      const cookieValue = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => {
        const [key = "", v = ""] = a.split("=").map((s) => s.trim().toLowerCase());
        return (
          (key === "max-age" && Number(v) <= 0) || (key === "expires" && Date.parse(v) < Date.now())
        );
      });
      if (cookieValue === "" || gone) this.cookies.delete(cookieName);
      else this.cookies.set(cookieName, cookieValue);
    }
    return answer;
  }

  get(url: string) {
    return this.request("GET", url);
  }

  /** A write the recording needs: anything but a 2xx stops it, with the server's answer. */
  async must(method: string, url: string, body?: unknown, headers?: Record<string, string>) {
    const answer = await this.request(method, url, body, headers);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(
        `${method} ${this.host}${url} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 500)}`,
      );
    }
    const text = answer.body.toString("utf8");
    return text === "" ? null : (JSON.parse(text) as unknown);
  }

  async json(url: string): Promise<unknown> {
    return this.must("GET", url);
  }
}

// ---------------------------------------------------------------------------------------------
// JSON helpers (the answers' shapes are read loosely: only the values named are needed)

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every object anywhere in `value` that has `key`, in document order. */
function objectsWith(value: unknown, key: string, out: Record<string, unknown>[] = []) {
  if (Array.isArray(value)) for (const item of value) objectsWith(item, key, out);
  else if (isObject(value)) {
    if (key in value) out.push(value);
    for (const child of Object.values(value)) objectsWith(child, key, out);
  }
  return out;
}

/** The values of `key` in the first array of `value` whose objects have it. */
function listed(value: unknown, key: string): string[] {
  if (isObject(value)) {
    for (const child of Object.values(value)) {
      if (Array.isArray(child) && child.some((c) => isObject(c) && key in c)) {
        return child.filter(isObject).map((c) => String(c[key]));
      }
    }
  }
  return [];
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

// ---------------------------------------------------------------------------------------------
// The server

interface Run {
  port: number;
  databaseUrl: string;
  dataDir: string;
  routesFile: string;
  serverLog: string;
  env: NodeJS.ProcessEnv;
}

/** The hook, transpiled to JavaScript beside the run, for `node --import`. */
async function writeHook(dir: string): Promise<string> {
  const source = await readFile(hookSource, "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: hookSource,
  });
  const file = path.join(dir, "get-answers-hook.mjs");
  await writeFile(file, outputText);
  return file;
}

async function startServer(run: Run): Promise<ChildProcess> {
  if (!existsSync(serverMain)) throw new Error(`No built server at ${serverMain}: npm run build`);
  const hook = await writeHook(run.dataDir);
  const log = openSync(run.serverLog, "a");
  const child = spawn(
    process.execPath,
    [...SERVE_FLAGS, "--import", pathToFileURL(hook).href, serverMain],
    { cwd: repoRoot, env: run.env, stdio: ["ignore", log, log] },
  );
  const deadline = Date.now() + 180_000;
  let exited: number | null = null;
  child.once("exit", (code) => {
    exited = code ?? -1;
  });
  while (!existsSync(run.routesFile)) {
    if (exited !== null) throw new Error(`The server stopped (${exited}); see ${run.serverLog}`);
    if (Date.now() > deadline) throw new Error(`The server did not start; see ${run.serverLog}`);
    await sleep(250);
  }
  for (;;) {
    const ok = await send(run.port, "GET", "localhost", "/healthz", {}).then(
      (a) => a.status === 200,
      () => false,
    );
    if (ok) break;
    if (exited !== null) throw new Error(`The server stopped (${exited}); see ${run.serverLog}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer; see ${run.serverLog}`);
    await sleep(250);
  }
  // The server makes the pages' images in their usual sizes after it starts (warm.ts); pages
  // and images asked meanwhile would be answered before some of them exist.
  const imagesDeadline = Date.now() + 90_000;
  for (;;) {
    const log = await readFile(run.serverLog, "utf8");
    if (log.includes("images are ready")) break;
    if (Date.now() > imagesDeadline) {
      console.warn("The server never said its images were ready; recording anyway.");
      break;
    }
    await sleep(500);
  }
  return child;
}

/** SIGTERM to the server started here (by its pid), and SIGKILL if it has not gone in 30 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const late = await Promise.race([gone.then(() => false), sleep(30_000).then(() => true)]);
  if (late) {
    child.kill("SIGKILL");
    await gone;
  }
}

/** The newest mail to `to` with a `linkPath?token=` link, waiting for it to be written. */
async function mailedToken(run: Run, to: string, linkPath: string): Promise<string> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const pattern = new RegExp(`${linkPath}\\?token=([A-Za-z0-9_-]+)`);
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await client.query<{ text: string }>(
        'select text from outbox where "to" = $1 order by created_at desc',
        [to],
      );
      for (const row of rows) {
        const token = pattern.exec(row.text)?.[1];
        if (token) return token;
      }
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  throw new Error(`No mail to ${to} with a ${linkPath} link`);
}

/** Waits (10 s at most) until `sql`'s first row's `n` is at least `least`. */
async function waitForRows(run: Run, sql: string, params: unknown[], least: number) {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await client.query<{ n: number }>(sql, params);
      if ((rows[0]?.n ?? 0) >= least) return;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  throw new Error(`Still fewer than ${least} rows of ${sql}`);
}

/** Names of the layout documents (`/data/layout/*`): no API lists them. */
async function layoutNames(run: Run, storeId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select name from documents where store_id = $1 and kind = 'layout' order by name",
      [storeId],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Setting the stores up

type Visitors = Partial<Record<Exclude<Identity, "anon">, Visitor>>;

/** Random values the setup made (value → what it is), masked in every answer. */
const literals = new Map<string, string>();

/** A random password for the accounts this run makes (nothing to keep: the database goes). */
function newPassword(): string {
  return `Gets-${randomBytes(12).toString("base64url")}`;
}

async function signIn(port: number, host: string, email: string, password: string) {
  const v = new Visitor(port, host);
  await v.must("POST", "/v2/auth/login", { email, password });
  return v;
}

async function registerShopper(run: Run, store: DemoStore): Promise<Visitor> {
  const v = new Visitor(run.port, store.host);
  const email = `gets.shopper@${store.dir}.test`;
  await v.must("POST", "/v2/auth/register", {
    email,
    password: newPassword(),
    first_name: "Robin",
    last_name: "Shopper",
  });
  const token = await mailedToken(run, email, "/account/confirm");
  await v.must("POST", "/v2/auth/register/confirm", { token });
  // A new account's personal discount code is its first name and a random suffix.
  const account = await v.json("/api/account");
  const code = objectsWith(account, "discountCode")[0]?.discountCode;
  if (typeof code === "string" && code !== "") literals.set(code, `personal code of ${email}`);
  return v;
}

async function signInOperator(run: Run): Promise<Visitor> {
  const email = "operator@gets.test";
  const printed = execFileSync(process.execPath, [platformCli, "platform:operator", email], {
    cwd: repoRoot,
    env: run.env,
    encoding: "utf8",
  });
  const token = /\?token=([A-Za-z0-9_-]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`platform:operator printed no link: ${printed}`);
  const v = new Visitor(run.port, PLATFORM_HOST);
  await v.must("POST", "/api/platform/password", { token, password: newPassword() });
  return v;
}

interface Sellable {
  sku: string;
  subscription: string | null;
}

/** The first variant of each product the store sells now, with a subscription plan if any. */
async function sellables(v: Visitor): Promise<Sellable[]> {
  const list = await v.json("/api/products");
  const out: Sellable[] = [];
  for (const handle of listed(list, "handle")) {
    const product = await v.json(`/api/products/${handle}`);
    const variants = isObject(product) && Array.isArray(product.variants) ? product.variants : [];
    const first = variants.find(
      (variant): variant is Record<string, unknown> =>
        isObject(variant) && typeof variant.sku === "string" && Number(variant.total_stock) > 0,
    );
    if (!first) continue;
    const plans = Array.isArray(first.subscriptions) ? first.subscriptions.filter(isObject) : [];
    out.push({
      sku: String(first.sku),
      subscription: plans[0] ? String(plans[0].subscription_id) : null,
    });
  }
  return out;
}

/** Pays for the visitor's cart as the checkout page does: a quote, then its total. */
async function checkout(v: Visitor, email: string, key: string) {
  const quote = await v.must("POST", "/api/checkout/quote", {
    address: {
      country: NY_ADDRESS.country,
      region: NY_ADDRESS.region,
      postalCode: NY_ADDRESS.postalCode,
    },
  });
  if (!isObject(quote)) throw new Error("a quote that is not an object");
  const option = isObject(quote.selectedShippingOption)
    ? quote.selectedShippingOption.id
    : undefined;
  await v.must(
    "POST",
    "/api/checkout",
    {
      email,
      name: "Robin Shopper",
      address: NY_ADDRESS,
      ...(typeof option === "string" ? { shippingOptionId: option } : {}),
      expectedTotal: quote.total,
      card: GOOD_CARD,
    },
    { "idempotency-key": key },
  );
}

/**
 * Signs everyone in and writes, through the API, what the GET routes then show: an order (with
 * a subscription where the store sells one, and a discount code), a cart left with an item, an
 * abandoned cart, a chat, searches, a trade application or a garden design request.
 */
async function setUp(run: Run, store: DemoStore, operator: Visitor | null): Promise<Visitors> {
  const { port, host } = { port: run.port, host: store.host };
  const owner = await signIn(port, host, store.owner, OWNER_PASSWORD);
  const shopper = store.shopper
    ? await signIn(port, host, store.shopper.email, store.shopper.password)
    : await registerShopper(run, store);
  const shopperEmail = store.shopper?.email ?? `gets.shopper@${store.dir}.test`;
  const trade = store.trade
    ? await signIn(port, host, store.trade.email, store.trade.password)
    : null;

  const items = await sellables(shopper);
  const [first, second] = items;
  if (!first) throw new Error(`${store.dir}: nothing to sell`);
  await shopper.must("POST", "/api/cart/items", { sku: first.sku, quantity: 1 });
  const subscribed = items.find((i) => i.subscription !== null);
  if (subscribed) {
    await shopper.must("POST", "/api/cart/items", {
      sku: subscribed.sku,
      quantity: 1,
      subscription_id: subscribed.subscription,
    });
  }
  if (store.createDiscount) {
    await owner.must("POST", "/api/admin/discounts", {
      code: store.discountCode,
      percentage: 10,
      maxRedemptions: 100,
    });
  }
  await shopper.must("PUT", "/api/cart/discount", { code: store.discountCode });
  await checkout(shopper, shopperEmail, `gets-${store.dir}-order-1`);
  // A cart left with an item: the cart, checkout and the cart's APIs have something to show.
  await shopper.must("POST", "/api/cart/items", { sku: (second ?? first).sku, quantity: 1 });
  await shopper.must("POST", "/api/chat", { message: store.chatMessage });

  // A visitor who searches, looks at a product and leaves a cart: the searches' report, the
  // dashboard's funnel and the abandoned carts' report, with what the visitor did.
  const guest = new Visitor(port, host);
  await guest.must("POST", "/metrics/initialize", { store_id: store.storeId });
  const visitStarted = Date.now();
  const startedAt = new Date(visitStarted).toISOString();
  await guest.must("POST", "/api/cart/items", { sku: first.sku, quantity: 1 });
  for (const q of SEARCHES) await guest.must("GET", `/api/search?q=${encodeURIComponent(q)}`);
  const firstHandle = listed(await guest.json("/api/products"), "handle")[0] ?? "";
  // The report shows the visit's length in whole seconds, from its start to the last beacon:
  // sent 2 s after the start, it is 2 whatever the machine's speed (half a second either way).
  await sleep(Math.max(0, visitStarted + VISIT_SECONDS * 1000 - Date.now()));
  await guest.must("POST", "/metrics/update-session-data", {
    cartEvents: [{ type: "item_added", sku: first.sku, quantity: 1, timestamp: startedAt }],
    productPageViews: [{ handle: firstHandle, timestamp: startedAt }],
    pagesViewed: 2,
    viewedPages: [
      { path: "/", timestamp: startedAt, duration: 12 },
      { path: `/products/${firstHandle}`, timestamp: startedAt, duration: 30 },
    ],
    searchHistory: SEARCHES.map((query) => ({
      query,
      timestamp: startedAt,
      duration: 5,
      scrolledProducts: [],
      clickedProducts: [],
    })),
    userEmail: `visitor@${store.dir}.test`,
    attribution: {
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      term: null,
      content: null,
      referrer: null,
      landingPage: "/",
    },
    cartStatus: "active",
    totalViewTime: 42,
    sessionStartTime: startedAt,
  });
  await guest.must("POST", "/metrics/abandoned-cart", {
    cartItems: [{ sku: first.sku, quantity: 1 }],
  });
  // The visit's state is written behind the answer, within a second (analytics/writer.ts).
  await waitForRows(
    run,
    "select count(*)::int as n from analytics_events where store_id = $1 and kind = 'search'",
    [store.storeId],
    SEARCHES.length,
  );

  if (store.tradeApplication) {
    await guest.must("POST", "/api/wholesale-applications", {
      businessName: "Wagging Tails Pet Supply",
      contactName: "Jordan Lee Parker",
      email: "jordan@waggingtails.test",
      phone: "+1 (828) 555-0142",
      taxId: "NC-RS-448812",
      website: "waggingtails.test",
      storeAddress: "88 Market Street\nAsheville, NC 28801",
      message: "We would like to stock the calming remedies.",
    });
  }
  if (store.designRequest) {
    await guest.must("POST", "/pbn/layouts", {
      store_id: store.storeId,
      layoutData: {
        name: "Robin Meadow",
        email: "robin@example.com",
        zipCode: "97214",
        where: "Backyard",
        dimensions: "24 feet x 12.5 feet",
        length: "24",
        width: "12.5",
        sunlight_hours: "Part sun (3-6 hours)",
        maintenance_level: "Low - Minimal care required",
        garden_style: ["Pollinator-friendly (butterflies, bees, hummingbirds)"],
        layout_shape: "Curved, flowing bed lines (more natural look)",
        symmetry_preference: "not-sure",
        color_preferences: "Blues and whites",
        plant_preferences: "No roses, please",
      },
    });
  }
  return {
    owner,
    shopper,
    ...(trade ? { trade } : {}),
    ...(operator && store.host === PLATFORM_HOST ? { operator } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The routes and the values of their params

/** The real values a store's routes are asked with. */
interface StoreValues {
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

async function storeValues(run: Run, store: DemoStore, owner: Visitor): Promise<StoreValues> {
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
const FILL: Record<string, (v: StoreValues) => string[]> = {
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
function identitiesOf(route: string, visitors: Visitors): Identity[] {
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
async function webRoutes(): Promise<string[]> {
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
function queryVariants(openapi: unknown, route: string): string[] {
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

function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

// ---------------------------------------------------------------------------------------------
// Recording

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
function plan(
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
function fileName(maskedUrl: string): string {
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

async function record(options: RecordOptions): Promise<number> {
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

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = `Usage:
  node --import tsx bench/get-answers.ts record --out DIR [--port 4701] [--postgres URL] [--keep]
  node --import tsx bench/get-answers.ts compare DIR_A DIR_B [--full]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "record") {
    const { values } = parseArgs({
      args: rest,
      options: {
        out: { type: "string" },
        port: { type: "string" },
        postgres: { type: "string" },
        keep: { type: "boolean", default: false },
      },
    });
    if (!values.out) {
      console.error(USAGE);
      return 2;
    }
    const port = Number(values.port ?? DEFAULT_PORT);
    const out = path.resolve(values.out);
    if (existsSync(out) && (await stat(out)).isDirectory()) {
      const entries = await readdir(out);
      if (entries.length > 0 && !entries.includes("manifest.json")) {
        console.error(`${out} is not empty and holds no recording: refusing to empty it`);
        return 2;
      }
    }
    return record({
      out,
      port,
      postgres: values.postgres ?? process.env.GETS_POSTGRES_URL ?? DEFAULT_POSTGRES,
      keep: values.keep ?? false,
    });
  }
  if (command === "compare") {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { full: { type: "boolean", default: false } },
    });
    const [a, b] = positionals;
    if (!a || !b) {
      console.error(USAGE);
      return 2;
    }
    return compareRecordings(path.resolve(a), path.resolve(b), { full: values.full ?? false });
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
