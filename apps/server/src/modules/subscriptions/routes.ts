import { CurrencySchema, SUBSCRIPTION_INTERVALS, SUBSCRIPTION_STATUSES } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { accountSubscriptions } from "./service.ts";

/** A plan as the API answers it: in a cart line, an order line and a subscription. */
export const SubscriptionPlanSchema = z.object({
  subscription_id: z.string(),
  label: z.string(),
  interval: z.enum(SUBSCRIPTION_INTERVALS),
  interval_count: z.number().int(),
  discount_percentage: z.number().int(),
});

const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  sku: z.string(),
  handle: z.string(),
  title: z.string(),
  attributes: z.record(z.string(), z.string()),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  currency: CurrencySchema,
  subscription: SubscriptionPlanSchema,
  next_charge_on: z.string(),
  order_number: z.number().int(),
  created_at: z.string(),
});

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/api/account/subscriptions",
    {
      schema: {
        tags: ["subscriptions"],
        summary:
          "The signed-in shopper's subscriptions, newest first: plan, quantity, price per delivery and next charge date (401 when signed out)",
        response: { 200: z.object({ subscriptions: z.array(SubscriptionSchema) }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { subscriptions: await accountSubscriptions(app.db, request.storeId, user.id) };
    },
  );
};
