import {
  DomainError,
  SUBSCRIPTION_MESSAGES,
  subscriptionsEndpoints as subscriptions,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { requireUser } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { getStripeAccount } from "../stores/index.ts";
import { replaceCard } from "./cards.ts";
import { changeSubscription } from "./changes.ts";
import { accountSubscriptions } from "./service.ts";

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  // Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).
  route(app, subscriptions.list, async (request) => {
    const user = await requireUser(request);
    return { subscriptions: await accountSubscriptions(app.db, request.storeId, user.id) };
  });

  route(app, subscriptions.change, async (request) => {
    const user = await requireUser(request);
    const subscription = await changeSubscription(
      app.db,
      { storeId: request.storeId, userId: user.id },
      request.params.id,
      request.body,
      new Date(),
    );
    return { subscription };
  });

  route(app, subscriptions.replaceCard, async (request) => {
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
  });
};
