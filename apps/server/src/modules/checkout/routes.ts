import {
  CheckoutQuoteSchema,
  CheckoutQuoteViewSchema,
  DomainError,
  IdempotencyKeySchema,
  PlacedOrderSchema,
  PlaceOrderSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { placeOrder } from "../../flows/place-order/index.ts";
import { RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { sendOrderConfirmation } from "../orders/index.ts";
import { checkoutProvider, quoteCheckout } from "./service.ts";

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
        response: { 200: CheckoutQuoteViewSchema },
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
        response: { 200: PlacedOrderSchema },
      },
    },
    async (request) => {
      const origin = requestOrigin(request);
      const declines = RATE_LIMITS.declinedCardsPerIp;
      await refuseWhenLimited(app.rateLimiter, request.storeId, declines, request.ip);
      return placeOrder(
        {
          db: app.db,
          // The store's own processor; a store that cannot take cards is refused here (503).
          provider: await checkoutProvider(
            app.db,
            app.payments,
            request.storeId,
            request.headers["idempotency-key"],
          ),
          payments: app.payments,
          onProviderError: (err) => request.log.error({ err }, "payment provider call failed"),
          onPaid: (order, lines) =>
            app.background.run("order confirmation mail", () =>
              sendOrderConfirmation(app.db, app.mailer, order, origin, app.sessionKey, lines),
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
