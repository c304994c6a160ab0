import {
  CheckoutQuoteSchema,
  CurrencySchema,
  DomainError,
  IdempotencyKeySchema,
  PlaceOrderSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { sendOrderConfirmation } from "../orders/mail.ts";
import { OrderViewSchema } from "../orders/routes.ts";
import { placeOrder, quoteCheckout } from "./service.ts";

const ShippingOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  amount: z.number().int(),
  estimate: z.string(),
  free: z.boolean(),
});

const QuoteSchema = z.object({
  currency: CurrencySchema,
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  discountCode: z.string().nullable(),
  discountPercentage: z.number().int().nullable(),
  shippingOptions: z.array(ShippingOptionSchema),
  selectedShippingOption: ShippingOptionSchema.nullable(),
  shipping: z.number().int(),
  isFreeShipping: z.boolean(),
  taxLines: z.array(
    z.object({ name: z.string(), rate: z.number().int(), amount: z.number().int() }),
  ),
  taxAmount: z.number().int(),
  canCalculateTax: z.boolean(),
  total: z.number().int(),
});

const PlacedSchema = z.object({
  status: z.enum(["paid", "awaiting_payment"]),
  order: OrderViewSchema,
  accessKey: z.string(),
  clientSecret: z.string().optional(),
});

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.post(
    "/api/checkout/quote",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "The cart's totals shipped to an address: shipping options and tax once country, region and postal code are known",
        body: CheckoutQuoteSchema,
        response: { 200: QuoteSchema },
      },
    },
    async (request) => quoteCheckout(app.db, await request.cartOwner(), request.body),
  );

  app.post(
    "/api/checkout",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "Pay for the cart and place the order, once per Idempotency-Key (test processor: paid now; Stripe: confirm in the browser, completed by the webhook)",
        headers: z.object({ "idempotency-key": IdempotencyKeySchema }),
        body: PlaceOrderSchema,
        response: { 200: PlacedSchema },
      },
    },
    async (request) => {
      const origin = requestOrigin(request);
      const declines = RATE_LIMITS.declinedCardsPerIp;
      await refuseWhenLimited(app.rateLimiter, request.storeId, declines, request.ip);
      return placeOrder(
        {
          db: app.db,
          provider: app.payments,
          onProviderError: (err) => request.log.error({ err }, "payment provider call failed"),
          onPaid: (order) =>
            app.background.run("order confirmation mail", () =>
              sendOrderConfirmation(app.db, app.mailer, order, origin),
            ),
        },
        await request.cartOwner(),
        request.body,
        request.headers["idempotency-key"],
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
