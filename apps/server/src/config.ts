import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HostSchema } from "@storefront/domain";
import { z } from "zod";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const booleanSetting = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const TRUST_PROXY_HELP =
  'must be a hop count (1 behind one load balancer), or a comma-separated list of proxy addresses (10.0.0.1, 10.0.0.0/8, loopback), or false; "true" would believe any client\'s X-Forwarded-For';

/** One proxy: an IP address, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-* headers to believe, in Fastify's terms: false (none), a hop count,
 * or the proxies' addresses. Never "everything": a client could then choose its own IP.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value) && Number(value) <= 16) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim().toLowerCase());
    if (value !== "true" && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
    return z.NEVER;
  });

/** Every setting the server reads, with its default; docs/configuration.md lists the same (docs.test.ts checks). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DATABASE_START_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number of processes from 1 to 64" })
    .int("must be a whole number of processes from 1 to 64")
    .min(1, "must be a whole number of processes from 1 to 64")
    .max(64, "must be a whole number of processes from 1 to 64")
    .default(1),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a whole number of megabytes from 0 to 4096" })
    .int("must be a whole number of megabytes from 0 to 4096")
    .min(0, "must be a whole number of megabytes from 0 to 4096")
    .max(4096, "must be a whole number of megabytes from 0 to 4096")
    .default(32),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, ".data")),
  STORE_ID: z.string().min(1).default("pet-remedies"),
  // The operators' host; by default the first demo store's, so the demo needs no setting.
  PLATFORM_HOST: HostSchema.default("pets.localhost"),
  LOAD_DEMO_DATA: booleanSetting.default(true),
  RUN_JOBS: booleanSetting.default(true),
  CHAT_ANSWERER: z
    .enum(["rules"], { error: 'must be "rules" (the built-in answerer over the store\'s data)' })
    .default("rules"),
  WEB_BUILD_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/build")),
  TRUST_PROXY: trustProxySetting.default(false),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)")
    .optional(),
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, "must be an HTTP header name such as cf-ipcountry")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, "must be 1 to 64 letters, digits, ':', '.', '_' or '-'")
    .default("storefront:"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().trim().min(1, "must not be empty").default("Store <no-reply@localhost>"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_…)")
    .optional(),
  // One secret per webhook endpoint (the connected accounts' and the platform's own), by commas.
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^\s*whsec_[A-Za-z0-9]+(\s*,\s*whsec_[A-Za-z0-9]+)*\s*$/,
      "must be Stripe webhook signing secrets (whsec_…), separated by commas",
    )
    .transform((value) => value.split(",").map((secret) => secret.trim()))
    .optional(),
  // Stores paid on the platform's own Stripe account while they connect none (the owner's own).
  STRIPE_PLATFORM_STORES: z
    .string()
    .regex(
      /^\s*[a-z0-9-]+(\s*,\s*[a-z0-9-]+)*\s*$/,
      "must be store ids separated by commas, e.g. pet-remedies",
    )
    .transform((value) => value.split(",").map((id) => id.trim()))
    .optional(),
  STRIPE_API_URL: z.url({ error: "must be a URL such as http://127.0.0.1:12111" }).optional(),
  IP_LOOKUP_URL: z
    .url({ error: "must be a URL such as https://ipinfo.io/{ip}/json" })
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .optional(),
  IP_LOOKUP_TOKEN: z.string().trim().min(1, "must not be empty").optional(),
  // Media in a bucket shared by every instance; credentials from the AWS SDK's own variables.
  MEDIA_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lower-case letters, digits, '.' or '-'",
    )
    .optional(),
  MEDIA_S3_ENDPOINT: z
    .url({ error: "must be a URL such as http://127.0.0.1:9000" })
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "must be a region name such as eu-west-1")
    .optional(),
  MEDIA_PUBLIC_URL: z
    .url({ error: "must be a URL such as https://cdn.example.com/media" })
    .regex(/^https?:\/\//, "must be an http:// or https:// URL")
    .regex(/^[^?#]*$/, "must have no query (?) or fragment (#)")
    .optional(),
});

/** Stripe's keys come together or not at all. */
const StripeSettings = EnvSchema.superRefine((e, ctx) => {
  // A country header is a proxy's word; without a trusted proxy any client could send it.
  if (e.COUNTRY_HEADER !== undefined && e.TRUST_PROXY === false) {
    ctx.addIssue({
      code: "custom",
      path: ["COUNTRY_HEADER"],
      message: "needs TRUST_PROXY: only a trusted proxy's header can be believed",
    });
  }
  if ((e.IP_LOOKUP_URL === undefined) !== (e.IP_LOOKUP_TOKEN === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: [e.IP_LOOKUP_URL === undefined ? "IP_LOOKUP_URL" : "IP_LOOKUP_TOKEN"],
      message: "IP_LOOKUP_URL and IP_LOOKUP_TOKEN are set together or not at all",
    });
  }
  for (const name of ["MEDIA_S3_ENDPOINT", "MEDIA_S3_REGION"] as const) {
    if (e[name] !== undefined && e.MEDIA_S3_BUCKET === undefined) {
      ctx.addIssue({ code: "custom", path: [name], message: "needs MEDIA_S3_BUCKET" });
    }
  }
  const given = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (given.some((v) => v !== undefined) && given.some((v) => v === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["STRIPE_SECRET_KEY"],
      message:
        "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must all be set, or none",
    });
  }
});

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** Each webhook endpoint's signing secret: an event verified by any of them is Stripe's. */
  webhookSecrets: string[];
  /** Another API host for the SDK (a local stand-in in tests); null: Stripe's own. */
  apiUrl: URL | null;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: waiting for a connection, and for one statement, before answering 503. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /** Start-up tries to reach PostgreSQL this many times, backing off, before it gives up. */
  databaseStartAttempts: number;
  /** Worker processes serving the port (node:cluster). */
  webConcurrency: number;
  /** Memory for rendered catalogue and content pages shared by visitors; 0 keeps none. */
  pageCacheBytes: number;
  /** Where the embedded PostgreSQL keeps its files (`postgres/`) and where media live. */
  dataDir: string | null;
  /** The media folder (DATA_DIR/media): where images live unless a bucket is set. */
  mediaDir: string;
  /** MEDIA_S3_*: images in this bucket, shared by every instance; null: in mediaDir. */
  mediaS3: { bucket: string; region: string; endpoint: string | null } | null;
  /** MEDIA_PUBLIC_URL without a trailing slash: stands for /media in image URLs; null: none. */
  mediaPublicUrl: string | null;
  defaultStoreId: string;
  /** The host whose /platform screen and /api/platform/ calls the platform's operators use. */
  platformHost: string;
  /** STRIPE_PLATFORM_STORES: stores paid on the platform's own Stripe account. */
  stripePlatformStores: string[];
  loadDemoData: boolean;
  /** Run the timed jobs (payment holds, cart reminders, retention) in this process. */
  runJobs: boolean;
  /**
   * What answers the support chatbot: "rules", over the store's own data and offline. A hosted
   * language model would be another value here, behind the same ChatAnswerer interface.
   */
  chatAnswerer: "rules";
  /** The React Router production build; null serves the API only. */
  webBuildDir: string | null;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** Signs guest session cookies; null: a key the server makes once and keeps in the database. */
  sessionSecret: string | null;
  /** A header set by a trusted proxy with the visitor's country (ISO 3166 alpha-2); null: none. */
  countryHeader: string | null;
  logLevel: string;
  /** Rate-limit counters shared by every instance (ioredis); null: counters in this process. */
  redisUrl: string | null;
  /** Prefix of every key this server writes to Redis (tests give each run its own). */
  redisKeyPrefix: string;
  /** Mail goes out through this SMTP server (nodemailer); null: to the `outbox` table and the log. */
  smtpUrl: string | null;
  /** The From of every message the store sends. */
  mailFrom: string;
  /** Card payments through Stripe; null: the built-in test-card processor. */
  stripe: StripeConfig | null;
  /**
   * An HTTP JSON IP-lookup service (ipinfo's fields) and its bearer token; `{ip}` in the URL is
   * replaced by the address, else the address is appended as a path segment. Null: none.
   */
  ipLookup: { url: string; token: string } | null;
}

/** Reads process.env once; a bad setting stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = StripeSettings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databaseStartAttempts: e.DATABASE_START_ATTEMPTS,
    webConcurrency: e.WEB_CONCURRENCY,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    dataDir: path.resolve(e.DATA_DIR),
    mediaDir: path.join(path.resolve(e.DATA_DIR), "media"),
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          // A compatible service often ignores the region, but the SDK signs with one.
          region: e.MEDIA_S3_REGION ?? "us-east-1",
          endpoint: e.MEDIA_S3_ENDPOINT ?? null,
        }
      : null,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    defaultStoreId: e.STORE_ID,
    platformHost: e.PLATFORM_HOST,
    stripePlatformStores: e.STRIPE_PLATFORM_STORES ?? [],
    loadDemoData: e.LOAD_DEMO_DATA,
    runJobs: e.RUN_JOBS,
    chatAnswerer: e.CHAT_ANSWERER,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR),
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER ?? null,
    sessionSecret: e.SESSION_SECRET ?? null,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecrets: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
          }
        : null,
    ipLookup:
      e.IP_LOOKUP_URL && e.IP_LOOKUP_TOKEN
        ? { url: e.IP_LOOKUP_URL, token: e.IP_LOOKUP_TOKEN }
        : null,
  };
}
