import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { BackgroundTasks } from "./lib/background.ts";
import type { Mailer } from "./lib/mailer.ts";
import type { RateLimiter } from "./lib/rate-limit.ts";
import type { PaymentProvider } from "./modules/payments/provider.ts";
import type { StoreResolver } from "./modules/stores/service.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    stores: StoreResolver;
    rateLimiter: RateLimiter;
    mailer: Mailer;
    /** Work that runs after the answer (mail); `idle()` waits for it. */
    background: BackgroundTasks;
    /** Card payments: Stripe when its keys are set, else the built-in test processor. */
    payments: PaymentProvider;
  }
  interface FastifyRequest {
    /** The store this request is for, resolved from its Host (see plugins/store.ts). */
    storeId: string;
  }
}
