import { StoreInfoSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestOrigin } from "../../plugins/origin.ts";
import { getStoreInfo } from "./service.ts";

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/store",
    {
      schema: {
        tags: ["stores"],
        summary: "Store information, theme and global content",
        response: { 200: StoreInfoSchema },
      },
    },
    async (request) => {
      const origin = requestOrigin(request);
      const info = await getStoreInfo(app.db, request.storeId, origin);
      // The browser's payment form follows the server's payment provider: Stripe's key when the
      // server has Stripe's keys, else null (the built-in test processor).
      return { ...info, stripe_publishable_key: app.payments.publishableKey };
    },
  );
};
