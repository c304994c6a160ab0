import { storesEndpoints as stores } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpointRead } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { getStoreInfo } from "./service.ts";

export const storeRead = endpointRead(stores.info, {
  read: async (request) => {
    const info = await getStoreInfo(request.server.db, request.storeId, requestOrigin(request));
    // The browser's payment form follows the store's processor: Stripe.js with the platform's
    // key on the store's connected account (stripeId), else the test processor's form (null).
    const { payments } = request.server;
    const store = { id: request.storeId, stripeId: info.stripeId };
    return {
      ...info,
      stripe_publishable_key: payments.publishableKeyOf(store),
      cardPayments: payments.modeOf(store),
    };
  },
});

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, storeRead);
};
