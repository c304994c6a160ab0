import { tradeEndpoints as trade } from "@storefront/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { submitTradeApplication, type TradeDeps } from "./service.ts";

// The largest application the form can make is about 4 KB; anything far past that is not one.
const BODY_LIMIT = 32 * 1024;

/** What the trade module's work needs, from the app, logging to the request's log. */
export function tradeDeps(app: FastifyInstance, log: TradeDeps["log"]): TradeDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    background: app.background,
    limiter: app.rateLimiter,
    log,
  };
}

/** The trade partner application (the form on the store's trade page); its approval is admin-routes.ts's. */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: TradeDeps["log"]) => tradeDeps(app, log);

  route(
    app,
    trade.apply,
    async (request, reply) => {
      const stored = await submitTradeApplication(
        deps(request.log),
        { storeId: request.storeId, ip: request.ip },
        request.body,
      );
      reply.status(201);
      return stored;
    },
    { bodyLimit: BODY_LIMIT },
  );
};
