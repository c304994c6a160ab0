import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import { BackgroundTasks } from "../lib/background.ts";
import { listenForChanges } from "../lib/cache-bus.ts";
import { createMailer } from "../lib/mailer.ts";
import { createRateLimiter } from "../lib/rate-limit.ts";
import { AnalyticsWriter } from "../modules/analytics/index.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { Payments } from "../modules/payments/index.ts";
import { StoreMailer, StoreResolver } from "../modules/stores/index.ts";

/**
 * What every route and plugin reaches through the instance (typed in types.ts): the config, the
 * database, the store resolver, rate limits, mail, background work, the card processor and the
 * analytics writer; the listener for the cache changes of every instance. On close the app stops listening,
 * waits for background work, writes the analytics left, then closes the mailer and the rate
 * limiter.
 */
export function registerServices(
  app: FastifyInstance,
  config: Config,
  db: Database,
  databaseUrl: string,
  testProcessor: PaymentProvider | undefined,
): void {
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("stores", new StoreResolver(db, config.defaultStoreId));
  app.decorate("rateLimiter", createRateLimiter(config, app.log));
  // Each message as its store: its sender, replies to its owner, its logo and colours.
  app.decorate(
    "mailer",
    new StoreMailer(createMailer(config, db, app.log), db, config.mailFrom, app.log),
  );
  app.decorate("background", new BackgroundTasks(app.log));
  app.decorate("payments", new Payments(config, testProcessor));
  app.decorate("analytics", new AnalyticsWriter(db, app.log));
  // Cached answers and pages hear what changed: from the database's triggers and from every
  // instance on it.
  const listener = listenForChanges(db, databaseUrl, app.log);
  // At most 2 s: a database that does not answer yet leaves it to the retries.
  app.addHook("onReady", () =>
    Promise.race([
      listener.firstTry,
      new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref()),
    ]),
  );
  app.addHook("onClose", async () => {
    await listener.close();
    await app.background.stop();
    await app.analytics.close();
    await app.mailer.close();
    await app.rateLimiter.close();
  });
}
