import { adminDesignRequestsEndpoints as designRequests } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { listDesignRequests } from "./service.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const designRequestsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the query is checked: anyone but the store's admins learns nothing of the route.
  route(app, designRequests.list, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { requests: await listDesignRequests(app.db, request.storeId, request.query) };
  });
};
