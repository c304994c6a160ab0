import type { Server } from "node:http";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { MAX_PATH_PARAM_LENGTH } from "@storefront/domain";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import { acrossStores, startRequestScope } from "./db/store-scope.ts";
import { DYNAMIC_BROTLI_QUALITY, SYNC_COMPRESSION_MAX_BYTES } from "./lib/compression.ts";
import { serializeError, serializeRequest } from "./lib/logger.ts";
import { keepsStoredMediaUrls, publicMediaUrls } from "./lib/media-urls.ts";
import { loadSessionKey } from "./lib/session-key.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { analyticsAdminRoutes } from "./modules/analytics/admin-routes.ts";
import { analyticsRoutes } from "./modules/analytics/routes.ts";
import { cartRoutes } from "./modules/cart/routes.ts";
import { catalogAdminRoutes } from "./modules/catalog/admin-routes.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { chatAdminRoutes } from "./modules/chat/admin-routes.ts";
import { chatRoutes } from "./modules/chat/routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { contentAdminRoutes } from "./modules/content/admin-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { designRequestsAdminRoutes } from "./modules/design-requests/admin-routes.ts";
import { designRequestRoutes } from "./modules/design-requests/routes.ts";
import { discountsAdminRoutes } from "./modules/discounts/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { openMediaStore } from "./modules/media/index.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { ordersAdminRoutes } from "./modules/orders/admin-routes.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import type { PaymentProvider } from "./modules/payments/index.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { refusePlatformHostOfAStore } from "./modules/platform/index.ts";
import { platformRoutes } from "./modules/platform/routes.ts";
import { reviewsAdminRoutes } from "./modules/reviews/admin-routes.ts";
import { reviewRoutes } from "./modules/reviews/routes.ts";
import { searchAdminRoutes } from "./modules/search/admin-routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { seoRoutes } from "./modules/seo/routes.ts";
import { storeRoutes } from "./modules/stores/routes.ts";
import { subscriptionRoutes } from "./modules/subscriptions/routes.ts";
import { tradeAdminRoutes } from "./modules/trade/admin-routes.ts";
import { tradeRoutes } from "./modules/trade/routes.ts";
import { adminsOnly, isTradeAnswer } from "./plugins/auth.ts";
import { registerCartOwner } from "./plugins/cart-owner.ts";
import { registerErrorHandler } from "./plugins/errors.ts";
import { guardedValidatorCompiler, registerHostCheck } from "./plugins/input-guard.ts";
import { registerJobs } from "./plugins/jobs.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerOriginCheck } from "./plugins/origin-check.ts";
import type { CompiledRead } from "./plugins/page-reads.ts";
import { OneLinePerRequest } from "./plugins/request-log.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerServices } from "./plugins/services.ts";
import { registerSession } from "./plugins/session.ts";
import { registerStoreResolution } from "./plugins/store.ts";
import { registerWeb } from "./web.ts";
import "./types.ts";

export interface AppOptions {
  config: Config;
  db: Database;
  /** Serve the web app's production build (default: when config.webBuildDir is set). */
  web?: boolean;
  /** The processor of stores without a Stripe account (default: the built-in test processor); tests pass their own to inspect it. */
  testProcessor?: PaymentProvider;
  /** Where log lines go (default: stdout); tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * Never logged: cookies, credentials, passwords and reset tokens, wherever a log call puts a
 * request body (`body`, `req.body`) or an object holding one.
 */
export const LOG_REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "newPassword",
  "token",
  "body.password",
  "body.newPassword",
  "body.token",
  "req.body.password",
  "req.body.newPassword",
  "req.body.token",
  "*.password",
  "*.newPassword",
  "*.passwordHash",
];

/**
 * Fastify's trustProxy for the setting. A hop count becomes "the nearest n addresses are proxies"
 * (Fastify 5 takes a bare number as trusting none); a list is the proxies' addresses.
 */
function trustProxyOption(setting: Config["trustProxy"]): FastifyHttpOptions<Server>["trustProxy"] {
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Builds the whole server: external plugins, app plugins, API routes, then the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, web, logStream } = options;
  // The embedded default is a PostgreSQL server too: main.ts puts its URL in the config.
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) throw new Error("buildApp needs config.databaseUrl, the database's URL");
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT_PATHS,
            serializers: { req: serializeRequest, err: (error) => serializeError(error) },
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks: a request's statements see its store's rows only, once its Host has
  // named it (store-scope.ts).
  app.addHook("onRequest", (_request, _reply, done) => startRequestScope(done));
  app.setValidatorCompiler(guardedValidatorCompiler);
  registerHostCheck(app);
  app.setSerializerCompiler(serializerCompiler);

  registerServices(app, config, db, databaseUrl, options.testProcessor);
  app.decorate("sessionKey", await loadSessionKey(db, config.sessionSecret));
  await acrossStores(() => refusePlatformHostOfAStore(db, config));
  app.decorate("pageReads", [] as CompiledRead[]);
  registerJobs(app, databaseUrl);

  await registerSession(app);
  // Answers made per request are compressed at brotli quality 4 (zlib's default is 11: about
  // 110 ms of CPU for a product page instead of about 1 ms, for 15 % fewer bytes); the web
  // build's static files are compressed once at build time at 11 (see web.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
  });
  await registerOpenApi(app);

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Answers with trade prices are one account's: never kept by a browser's or a proxy's cache.
  app.addHook("onSend", async (request, reply) => {
    if (isTradeAnswer(request)) reply.header("cache-control", "private, no-store");
  });
  registerOriginCheck(app);
  registerStoreResolution(app);
  registerCartOwner(app);

  app.decorate("media", openMediaStore(config));
  const publicBase = config.mediaPublicUrl;
  if (publicBase) {
    // Answers (and so pages) name images by the CDN's URL; the CDN asks /media/ for them.
    app.addHook("preSerialization", async (request, _reply, payload) =>
      keepsStoredMediaUrls(request.url) ? payload : publicMediaUrls(payload, publicBase),
    );
  }
  await app.register(mediaRoutes(app.media));

  await app.register(storeRoutes);
  await app.register(catalogRoutes);
  await app.register(contentRoutes);
  await app.register(cartRoutes);
  await app.register(accountRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(designRequestRoutes);
  await app.register(tradeRoutes);
  await app.register(subscriptionRoutes);
  await app.register(analyticsRoutes);
  await app.register(reviewRoutes);
  await app.register(searchRoutes);
  await app.register(chatRoutes);
  await app.register(platformRoutes);
  // The store's admin API: one scope, one guard. Anyone but the store's admins gets the 401 or
  // 404 before a route reads its input (plugins/auth.ts).
  await app.register(
    async (admin) => {
      admin.addHook("preValidation", adminsOnly);
      await admin.register(catalogAdminRoutes);
      await admin.register(contentAdminRoutes);
      await admin.register(discountsAdminRoutes);
      await admin.register(ordersAdminRoutes);
      await admin.register(designRequestsAdminRoutes);
      await admin.register(tradeAdminRoutes);
      await admin.register(analyticsAdminRoutes);
      await admin.register(reviewsAdminRoutes);
      await admin.register(searchAdminRoutes);
      await admin.register(chatAdminRoutes);
    },
    { prefix: "/api/admin" },
  );
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(seoRoutes);

  if (web ?? config.webBuildDir !== null) {
    if (!config.webBuildDir) throw new Error("WEB_BUILD_DIR is not set");
    await registerWeb(app, config.webBuildDir);
  }
  return app;
}
