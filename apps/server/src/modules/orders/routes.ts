import {
  OrderKeyQuerySchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderViewSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { accountOrders, findReadableOrder } from "./order-reads.ts";

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/api/orders/:number",
    {
      schema: {
        tags: ["orders"],
        summary:
          "One order, for its signed-in owner or with the key from the confirmation email (404 otherwise)",
        params: OrderParamsSchema,
        querystring: OrderKeyQuerySchema,
        response: { 200: OrderViewSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return findReadableOrder(app.db, request.storeId, request.params.number, {
        userId: user?.id ?? null,
        key: request.query.key ?? null,
      });
    },
  );

  app.get(
    "/api/account/orders",
    {
      schema: {
        tags: ["orders"],
        summary: "The signed-in shopper's orders, newest first (401 when signed out)",
        response: { 200: OrderListSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { orders: await accountOrders(app.db, request.storeId, user.id) };
    },
  );
};
