import { adminSearchEndpoints as search } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { searchReport } from "./report.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, search.queries, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return searchReport(app.db, request.storeId, request.query.days, new Date());
  });
};
