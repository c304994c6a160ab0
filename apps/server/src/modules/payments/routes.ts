import { DomainError, paymentsEndpoints as payments } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestAcrossStores } from "../../db/store-scope.ts";
import { applyPaymentEvent } from "../../flows/apply-payment-event.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { sendOrderConfirmation } from "../orders/index.ts";
import { WebhookVerificationError } from "./provider.ts";

/** Stripe's webhooks: verified on the exact bytes received, then applied once. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the raw body, so this route keeps it as bytes.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  // Its method, path and schemas are its descriptor's (packages/domain/src/endpoints).
  route(app, payments.stripeWebhook, async (request) => {
    // The event names its account, not a host: its store is found across stores.
    requestAcrossStores();
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
    const signature = request.headers["stripe-signature"];
    let event: ReturnType<typeof app.payments.parseWebhook>;
    try {
      event = app.payments.parseWebhook(raw, typeof signature === "string" ? signature : undefined);
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      throw new DomainError("invalid", `Webhook refused: ${err.message}`);
    }
    const { outcome, order } = await applyPaymentEvent(app.db, app.payments, event, new Date());
    const account = "account" in event ? event.account : null;
    request.log.info(
      { event: event.id, account, outcome, order: order?.number },
      "payment webhook",
    );
    if (outcome === "completed" && order) {
      const origin = requestOrigin(request);
      app.background.run("order confirmation mail", () =>
        sendOrderConfirmation(app.db, app.mailer, order, origin, app.sessionKey),
      );
    }
    return { received: true as const, outcome };
  });
};
