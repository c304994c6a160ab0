import {
  DomainError,
  SUBSCRIPTION_MESSAGES,
  SubscriptionAnswerSchema,
  SubscriptionCardAnswerSchema,
  SubscriptionCardSchema,
  SubscriptionChangeSchema,
  SubscriptionListSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { requireUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { getStripeAccount } from "../stores/index.ts";
import { replaceCard } from "./cards.ts";
import { changeSubscription } from "./changes.ts";
import { accountSubscriptions } from "./service.ts";

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

  app.post(
    "/api/account/subscriptions/:id/card",
    {
      schema: {
        tags: ["subscriptions"],
        summary:
          "A new card for the subscription's renewals (test processor: the card in the body, kept at once, 402 when refused; Stripe: an empty body, answered with a SetupIntent's client secret to confirm in the browser). A subscription paused because its card failed is active again.",
        params: SubscriptionParams,
        body: SubscriptionCardSchema,
        response: { 200: SubscriptionCardAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { card } = request.body;
      // The new card is kept where the store takes payments now (its own Stripe account).
      const provider = app.payments.forStore(await getStripeAccount(app.db, request.storeId));
      if (!provider.confirmsLater && !card) {
        throw new DomainError("invalid", SUBSCRIPTION_MESSAGES.cardNeeded, {
          card: SUBSCRIPTION_MESSAGES.cardNeeded,
        });
      }
      if (provider.confirmsLater && card) {
        throw new DomainError("invalid", SUBSCRIPTION_MESSAGES.cardInBrowser, {
          card: SUBSCRIPTION_MESSAGES.cardInBrowser,
        });
      }
      // Declined cards count against the same limit as at checkout (no card testing here).
      const declines = RATE_LIMITS.declinedCardsPerIp;
      await refuseWhenLimited(app.rateLimiter, request.storeId, declines, request.ip);
      return replaceCard(
        app.db,
        provider,
        { storeId: request.storeId, userId: user.id, email: user.email },
        request.params.id,
        card,
        new Date(),
      ).catch(async (err: unknown) => {
        if (err instanceof DomainError && err.code === "payment_declined") {
          const key = rateLimitKey(request.storeId, declines, request.ip);
          await app.rateLimiter.hit(key, declines.windowMs);
        }
        throw err;
      });
    },
  );
};
