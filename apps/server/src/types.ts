import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { StoreResolver } from "./modules/stores/service.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    stores: StoreResolver;
  }
  interface FastifyRequest {
    /** The store this request is for, resolved from its Host (see plugins/store.ts). */
    storeId: string;
  }
}
