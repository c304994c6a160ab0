import { designRequestsEndpoints as designRequests } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { submitDesignRequest } from "./service.ts";

// The largest request the form can make is about 2 KB; anything far past that is not one.
const BODY_LIMIT = 32 * 1024;

export const designRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    designRequests.submit,
    async (request, reply) => {
      const { layoutData, store_id } = request.body;
      checkStoreId(request, store_id);
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
