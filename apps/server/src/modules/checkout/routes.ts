import { checkoutEndpoints as checkout, DomainError } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { placeOrder } from "../../flows/place-order/index.ts";
import { RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { sendOrderConfirmation } from "../orders/index.ts";
import { checkoutProvider, quoteCheckout } from "./service.ts";

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, checkout.quote, async (request) =>
    quoteCheckout(app.db, await request.cartOwner(), request.body),
  );

  route(app, checkout.place, async (request) => {
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
  });
};
