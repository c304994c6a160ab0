import {
  ACCOUNT_MESSAGES,
  DomainError,
  GardenDesignSubmissionSchema,
  StoredDesignRequestSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { submitDesignRequest } from "./service.ts";

// The largest request the form can make is about 2 KB; anything far past that is not one.
const BODY_LIMIT = 32 * 1024;

export const designRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/pbn/layouts",
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ["design-requests"],
        summary:
          "Submit a garden design request (spec): stored, and mailed to the store owner; store_id must be this store's",
        body: GardenDesignSubmissionSchema,
        response: { 201: StoredDesignRequestSchema },
      },
    },
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
  );
};
