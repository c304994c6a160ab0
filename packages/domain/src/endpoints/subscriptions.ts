import { endpoint } from "../endpoint.ts";
import {
  SubscriptionAnswerSchema,
  SubscriptionCardAnswerSchema,
  SubscriptionCardSchema,
  SubscriptionChangeSchema,
  SubscriptionListSchema,
  SubscriptionParamsSchema,
} from "../subscription-schema.ts";
import * as SUBSCRIPTIONS_ROUTES from "./subscriptions-routes.ts";

const tags = ["subscriptions"];

/** The signed-in shopper's subscriptions (registered by modules/subscriptions/routes.ts). */
export const subscriptionsEndpoints = {
  list: endpoint(SUBSCRIPTIONS_ROUTES.list, {
    tags,
    summary:
      "The signed-in shopper's subscriptions, newest first: plan, quantity, price per delivery, status, next charge date and the card renewals are charged to (401 when signed out)",
    response: { 200: SubscriptionListSchema },
  }),
  change: endpoint(SUBSCRIPTIONS_ROUTES.change, {
    tags,
    summary:
      "Skip the next delivery, pause, resume, cancel, or change to another of the product's plans; recorded in the subscription's history (401 signed out, 404 not the account's, 409 cancelled or no change)",
    params: SubscriptionParamsSchema,
    body: SubscriptionChangeSchema,
    response: { 200: SubscriptionAnswerSchema },
  }),
  replaceCard: endpoint(SUBSCRIPTIONS_ROUTES.replaceCard, {
    tags,
    summary:
      "A new card for the subscription's renewals (test processor: the card in the body, kept at once, 402 when refused; Stripe: an empty body, answered with a SetupIntent's client secret to confirm in the browser). A subscription paused because its card failed is active again.",
    params: SubscriptionParamsSchema,
    body: SubscriptionCardSchema,
    response: { 200: SubscriptionCardAnswerSchema },
  }),
};
