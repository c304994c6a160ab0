import { SubscriptionListSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { accountSubscriptions } from "./service.ts";

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/api/account/subscriptions",
    {
      schema: {
        tags: ["subscriptions"],
        summary:
          "The signed-in shopper's subscriptions, newest first: plan, quantity, price per delivery and next charge date (401 when signed out)",
        response: { 200: SubscriptionListSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { subscriptions: await accountSubscriptions(app.db, request.storeId, user.id) };
    },
  );
};
