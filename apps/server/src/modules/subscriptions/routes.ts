import {
  SUBSCRIPTION_MESSAGES,
  SubscriptionAnswerSchema,
  SubscriptionChangeSchema,
  SubscriptionListSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { accountSubscriptions, changeSubscription } from "./service.ts";

/** A subscription's id in a path (one that is not a UUID is one the account does not have). */
const SubscriptionParams = z.object({
  id: z.string().max(100, SUBSCRIPTION_MESSAGES.notFound),
});

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/api/account/subscriptions",
    {
      schema: {
        tags: ["subscriptions"],
        summary:
          "The signed-in shopper's subscriptions, newest first: plan, quantity, price per delivery, status, next charge date and the card renewals are charged to (401 when signed out)",
        response: { 200: SubscriptionListSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { subscriptions: await accountSubscriptions(app.db, request.storeId, user.id) };
    },
  );

  app.patch(
    "/api/account/subscriptions/:id",
    {
      schema: {
        tags: ["subscriptions"],
        summary:
          "Skip the next delivery, pause, resume, cancel, or change to another of the product's plans; recorded in the subscription's history (401 signed out, 404 not the account's, 409 cancelled or no change)",
        params: SubscriptionParams,
        body: SubscriptionChangeSchema,
        response: { 200: SubscriptionAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const subscription = await changeSubscription(
        app.db,
        { storeId: request.storeId, userId: user.id },
        request.params.id,
        request.body,
        new Date(),
      );
      return { subscription };
    },
  );
};
