import { endpoint } from "../endpoint.ts";
import { PaymentWebhookAnswerSchema } from "../order-schema.ts";
import * as PAYMENTS_ROUTES from "./payments-routes.ts";

/**
 * The payment processor's calls (registered by modules/payments/routes.ts). The webhook's body is
 * the raw bytes its signature covers, read by the route itself: it has no body schema.
 */
export const paymentsEndpoints = {
  stripeWebhook: endpoint(PAYMENTS_ROUTES.stripeWebhook, {
    tags: ["payments"],
    summary:
      "Stripe webhook (payment_intent.succeeded completes the order; a bad signature or a timestamp older than 300 s answers 400)",
    response: { 200: PaymentWebhookAnswerSchema },
  }),
};
