import type { StoreCurrencies } from "@storefront/domain";
import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { JobRunner } from "./jobs/runner.ts";
import type { BackgroundTasks } from "./lib/background.ts";
import type { Mailer } from "./lib/mailer.ts";
import type { RateLimiter } from "./lib/rate-limit.ts";
import type { AnalyticsWriter } from "./modules/analytics/index.ts";
import type { CartOwner } from "./modules/cart/index.ts";
import type { MediaStore } from "./modules/media/index.ts";
import type { Payments } from "./modules/payments/index.ts";
import type { StoreResolver } from "./modules/stores/index.ts";
import type { CompiledRead } from "./plugins/page-reads.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    stores: StoreResolver;
    rateLimiter: RateLimiter;
    mailer: Mailer;
    /** The stores' images: the media folder, or the bucket every instance shares. */
    media: MediaStore;
    /** Work that runs after the answer (mail); `idle()` waits for it. */
    background: BackgroundTasks;
    /** The timed jobs (src/jobs): started with the app when config.runJobs says so. */
    jobs: JobRunner;
    /** Analytics writes, kept in memory and written once a second (see modules/analytics). */
    analytics: AnalyticsWriter;
    /** Card payments, per store: its Stripe account, or the built-in test processor. */
    payments: Payments;
    /** Signs the guest session cookie (see lib/session-key.ts). */
    sessionKey: Buffer;
    /** The API reads pages call in-process (see plugins/page-reads.ts). */
    pageReads: CompiledRead[];
  }
  interface FastifyRequest {
    /** The store this request is for, resolved from its Host (see plugins/store.ts). */
    storeId: string;
    /** What that store sells in, resolved with it; null until then (see plugins/currency.ts). */
    storeSale: StoreCurrencies | null;
    /**
     * Whose cart this request reads and changes: the account's while signed in, else the guest
     * session's; resolved on the first call (see plugins/cart-owner.ts).
     */
    cartOwner(): Promise<CartOwner>;
  }
}
