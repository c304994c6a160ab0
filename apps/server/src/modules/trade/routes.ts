import {
  TradeApplicationListSchema,
  TradeApprovalRequestSchema,
  TradeApprovalSchema,
  tradeEndpoints as trade,
} from "@storefront/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { approveTradeApplication } from "../../flows/approve-trade-application.ts";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { listTradeApplications, submitTradeApplication, type TradeDeps } from "./service.ts";

const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const IdParams = z.object({ id: z.uuid("Must be an application's id") });

// The largest application the form can make is about 4 KB; anything far past that is not one.
const BODY_LIMIT = 32 * 1024;

/** What the trade module's work needs, from the app, logging to the request's log. */
function tradeDeps(app: FastifyInstance, log: TradeDeps["log"]): TradeDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    background: app.background,
    limiter: app.rateLimiter,
    log,
  };
}

/** The trade partner application (the form on the store's trade page) and its approval. */
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

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: TradeDeps["log"]) => tradeDeps(app, log);

  app.get(
    "/wholesale-applications",
    {
      // Before the query is checked: anyone but the store's admins learns nothing of the route.
      schema: {
        tags: ["trade"],
        summary: "The store's trade applications, newest first (the store's admins only)",
        querystring: ListQuerySchema,
        response: { 200: TradeApplicationListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { applications: await listTradeApplications(app.db, request.storeId, request.query) };
    },
  );

  app.post(
    "/wholesale-applications/:id/approve",
    {
      schema: {
        tags: ["trade"],
        summary:
          "Approve a trade application: its email's account becomes a wholesale one (made if there is none) and is mailed a sign-in link",
        params: IdParams,
        body: TradeApprovalRequestSchema,
        response: { 200: TradeApprovalSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return approveTradeApplication(
        deps(request.log),
        {
          storeId: request.storeId,
          id: request.params.id,
          origin: requestOrigin(request),
          resaleCertificate: request.body?.resaleCertificate,
          actor: await adminActor(request),
        },
        new Date(),
      );
    },
  );
};
