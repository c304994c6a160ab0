import {
  ACCOUNT_MESSAGES,
  DesignRequestListSchema,
  DomainError,
  designRequestsEndpoints as designRequests,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../plugins/endpoint.ts";
import { listDesignRequests, submitDesignRequest } from "./service.ts";

const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

// The largest request the form can make is about 2 KB; anything far past that is not one.
const BODY_LIMIT = 32 * 1024;

export const designRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    designRequests.submit,
    async (request, reply) => {
      const { layoutData, store_id } = request.body;
      if (store_id !== request.storeId) {
        const message = ACCOUNT_MESSAGES.storeMismatch;
        throw new DomainError("invalid", message, { store_id: message });
      }
      const stored = await submitDesignRequest(
        {
          db: app.db,
          mailer: app.mailer,
          background: app.background,
          limiter: app.rateLimiter,
          log: request.log,
        },
        { storeId: request.storeId, ip: request.ip },
        layoutData,
      );
      reply.status(201);
      return stored;
    },
    { bodyLimit: BODY_LIMIT },
  );
};

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const designRequestsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/design-requests",
    {
      // Before the query is checked: anyone but the store's admins learns nothing of the route.
      schema: {
        tags: ["design-requests"],
        summary: "The store's garden design requests, newest first (the store's admins only)",
        querystring: ListQuerySchema,
        response: { 200: DesignRequestListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { requests: await listDesignRequests(app.db, request.storeId, request.query) };
    },
  );
};
