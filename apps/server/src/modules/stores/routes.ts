import { StoreInfoSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestOrigin } from "../../plugins/origin.ts";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
import { getStoreInfo } from "./service.ts";

export const storeRead = pageRead({
  url: "/api/store",
  tags: ["stores"],
  summary: "Store information, theme and global content",
  response: StoreInfoSchema,
  read: async (request) => {
    const info = await getStoreInfo(request.server.db, request.storeId, requestOrigin(request));
    // The browser's payment form follows the server's payment provider: Stripe's key when the
    // server has Stripe's keys, else null (the built-in test processor).
    return { ...info, stripe_publishable_key: request.server.payments.publishableKey };
  },
});

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, storeRead);
};
