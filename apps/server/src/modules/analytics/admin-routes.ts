import { adminAnalyticsEndpoints as analytics } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { readDashboard } from "./dashboard.ts";
import { listAbandonedCarts } from "./report.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const analyticsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, analytics.dashboard, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return readDashboard(app.db, request.storeId, request.query, new Date());
  });

  route(app, analytics.abandonedCarts, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listAbandonedCarts(app.db, request.storeId, request.query);
  });
};
