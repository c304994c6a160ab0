import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import type { ChargeRequest, ChargeResult, PaymentEvent, PaymentProvider } from "./provider.ts";
import { WebhookVerificationError } from "./provider.ts";

/** Webhooks older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * Card payments through Stripe PaymentIntents: the browser's Payment Element confirms the intent
 * (card data never reaches this server) and the verified `payment_intent.succeeded` webhook
 * completes the order. Every call carries an idempotency key.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly confirmsLater = true;
  readonly publishableKey: string;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(config: StripeConfig) {
    const api = config.apiUrl;
    this.#stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    this.publishableKey = config.publishableKey;
    this.#webhookSecret = config.webhookSecret;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency,
        receipt_email: request.email,
        description: request.description,
        automatic_payment_methods: { enabled: true },
        metadata: { store_id: request.storeId, order_id: request.orderId ?? "" },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
    return {
      status: "requires_confirmation",
      reference: intent.id,
      clientSecret: intent.client_secret,
    };
  }

  async refund(reference: string, idempotencyKey: string): Promise<void> {
    await this.#stripe.refunds.create({ payment_intent: reference }, { idempotencyKey });
  }

  async cancel(reference: string, idempotencyKey: string): Promise<void> {
    await this.#stripe.paymentIntents.cancel(reference, {}, { idempotencyKey });
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookVerificationError("The Stripe-Signature header is missing");
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.#webhookSecret,
        WEBHOOK_TOLERANCE_S,
      );
    } catch (err) {
      throw new WebhookVerificationError(
        err instanceof Error ? err.message : "The webhook's signature does not verify",
      );
    }
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_succeeded",
        reference: intent.id,
        orderId: intent.metadata.order_id || null,
        storeId: intent.metadata.store_id || null,
        cardBrand: null,
        cardLast4: null,
      };
    }
    if (event.type === "payment_intent.payment_failed") {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_failed",
        reference: intent.id,
        message: intent.last_payment_error?.message ?? "The payment failed.",
      };
    }
    return { id: event.id, type: "ignored", eventType: event.type };
  }
}
