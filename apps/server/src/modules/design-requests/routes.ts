import { ACCOUNT_MESSAGES, DomainError, GardenDesignSubmissionSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth.ts";
import { listDesignRequests, submitDesignRequest } from "./service.ts";

/** The request as stored and answered: the fields of the Garden Design Form, as sent. */
const LayoutDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  zipCode: z.string(),
  where: z.string(),
  dimensions: z.string(),
  length: z.string(),
  width: z.string(),
  sunlight_hours: z.string(),
  maintenance_level: z.string(),
  garden_style: z.array(z.string()),
  layout_shape: z.string(),
  symmetry_preference: z.string(),
  color_preferences: z.string(),
  plant_preferences: z.string(),
});

const StoredDesignRequestSchema = z.object({
  id: z.string(),
  store_id: z.string(),
  created_at: z.string().describe("ISO 8601, UTC"),
  layoutData: LayoutDataSchema,
});

const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

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

  app.get(
    "/api/admin/design-requests",
    {
      schema: {
        tags: ["design-requests"],
        summary: "The store's garden design requests, newest first (the store's admins only)",
        querystring: ListQuerySchema,
        response: { 200: z.object({ requests: z.array(StoredDesignRequestSchema) }) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header("cache-control", "no-store");
      return { requests: await listDesignRequests(app.db, request.storeId, request.query) };
    },
  );
};
