import { CurrencySchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, signedInUser } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { SubscriptionPlanSchema } from "../subscriptions/routes.ts";
import { accountOrders, findReadableOrder } from "./order-reads.ts";

const OrderStatusSchema = z.enum(["awaiting_payment", "paid", "declined", "expired", "canceled"]);

export const OrderViewSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.enum(["US", "CA"]),
  }),
  currency: CurrencySchema,
  lines: z.array(
    z.object({
      sku: z.string(),
      handle: z.string(),
      title: z.string(),
      attributes: z.record(z.string(), z.string()),
      imageUrl: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      lineTotal: z.number().int(),
      subscription: SubscriptionPlanSchema.nullable(),
    }),
  ),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  discountCode: z.string().nullable(),
  shippingLabel: z.string(),
  shippingAmount: z.number().int(),
  taxLines: z.array(
    z.object({ name: z.string(), rate: z.number().int(), amount: z.number().int() }),
  ),
  taxAmount: z.number().int(),
  total: z.number().int(),
  payment: z.object({
    provider: z.enum(["test", "stripe"]),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
  }),
  pointsEarned: z.number().int(),
  failureMessage: z.string().nullable(),
});

const OrderSummarySchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  currency: CurrencySchema,
  total: z.number().int(),
  itemCount: z.number().int(),
  pointsEarned: z.number().int(),
});

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/api/orders/:number",
    {
      schema: {
        tags: ["orders"],
        summary:
          "One order, for its signed-in owner or with the key from the confirmation email (404 otherwise)",
        params: z.object({
          number: z.coerce
            .number({ error: "The order number must be a number" })
            .int("The order number must be a whole number")
            .min(1, "The order number must be a whole number")
            .max(2_147_483_647, "The order number is too large"),
        }),
        querystring: z.object({ key: z.string().max(100, "key is too long").optional() }),
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
        response: { 200: z.object({ orders: z.array(OrderSummarySchema) }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { orders: await accountOrders(app.db, request.storeId, user.id) };
    },
  );
};
