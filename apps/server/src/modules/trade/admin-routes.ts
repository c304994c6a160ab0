import { adminTradeEndpoints as trade } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { approveTradeApplication } from "../../flows/approve-trade-application.ts";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { tradeDeps } from "./routes.ts";
import { listTradeApplications, type TradeDeps } from "./service.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const tradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: TradeDeps["log"]) => tradeDeps(app, log);

  // Before the query is checked: anyone but the store's admins learns nothing of the route.
  route(app, trade.applications, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { applications: await listTradeApplications(app.db, request.storeId, request.query) };
  });

  route(app, trade.approve, async (request, reply) => {
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
  });
};
