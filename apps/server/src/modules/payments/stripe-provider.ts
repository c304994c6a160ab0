import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import type {
  ChargeRequest,
  ChargeResult,
  PaymentEvent,
  PaymentProvider,
  SaveCardRequest,
  SaveCardResult,
  SavedChargeRequest,
  SavedMethod,
} from "./provider.ts";
import { RefundRefusedError, WebhookVerificationError } from "./provider.ts";

/** Webhooks older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * The platform's Stripe: one client with the platform's secret key, the webhook secret and the
 * publishable key. Each store's payments go through `forAccount` with the store's connected
 * account (Stripe Connect, direct charges), so they are made on that account and nowhere else.
 */
export class StripePlatform {
  readonly publishableKey: string;
  readonly #stripe: Stripe;
  readonly #webhookSecrets: readonly string[];
  readonly #accounts = new Map<string | null, StripeProvider>();

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
    this.#webhookSecrets = config.webhookSecrets;
  }

  /** Calls made on `account` (a connected account's id); null: on the platform's own account. */
  forAccount(account: string | null): StripeProvider {
    let provider = this.#accounts.get(account);
    if (!provider) {
      provider = new StripeProvider(this.#stripe, account);
      this.#accounts.set(account, provider);
    }
    return provider;
  }

  /**
   * Verifies and reads a webhook (one endpoint for the platform and its connected accounts; a
   * connected account's event names it in `account`). Throws WebhookVerificationError.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookVerificationError("The Stripe-Signature header is missing");
    let event: Stripe.Event | undefined;
    const refusals: string[] = [];
    for (const secret of this.#webhookSecrets) {
      try {
        event = this.#stripe.webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          WEBHOOK_TOLERANCE_S,
        );
        break;
      } catch (err) {
        refusals.push(
          err instanceof Error ? err.message : "The webhook's signature does not verify",
        );
      }
    }
    if (!event) {
      // Stripe checks the timestamp only once a signature matched: that refusal is the one to tell.
      const told = refusals.find((m) => /tolerance/i.test(m)) ?? refusals[0];
      throw new WebhookVerificationError(told ?? "No webhook signing secret is set");
    }
    const account = event.account ?? null;
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_succeeded",
        account,
        reference: intent.id,
        orderId: intent.metadata.order_id || null,
        storeId: intent.metadata.store_id || null,
        cardBrand: null,
        cardLast4: null,
        saved: savedMethodOf(intent),
      };
    }
    if (event.type === "payment_intent.payment_failed") {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_failed",
        account,
        reference: intent.id,
        message: intent.last_payment_error?.message ?? "The payment failed.",
      };
    }
    if (event.type === "setup_intent.succeeded") {
      const intent = event.data.object;
      const saved = methodOf(intent);
      if (saved) {
        return {
          id: event.id,
          type: "method_saved",
          account,
          storeId: intent.metadata?.store_id || null,
          subscriptionId: intent.metadata?.subscription_id || null,
          saved,
        };
      }
    }
    return { id: event.id, type: "ignored", eventType: event.type };
  }
}

/**
 * Card payments through Stripe PaymentIntents on one account: the browser's Payment Element
 * confirms the intent (card data never reaches this server) and the verified
 * `payment_intent.succeeded` webhook completes the order. Every call carries an idempotency key
 * and, for a connected account, the account (`stripeAccount`).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly confirmsLater = true;
  readonly account: string | null;
  readonly #stripe: Stripe;

  constructor(stripe: Stripe, account: string | null) {
    this.#stripe = stripe;
    this.account = account;
  }

  /** A call's options: its idempotency key and the account it is made on. */
  #on(idempotencyKey: string): Stripe.RequestOptions {
    return this.account ? { idempotencyKey, stripeAccount: this.account } : { idempotencyKey };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    // A card kept for renewals belongs to a customer: one per order that saves it.
    const customer = request.saveMethod
      ? await this.#stripe.customers.create(
          { email: request.email, metadata: { store_id: request.storeId } },
          this.#on(`${request.idempotencyKey}-customer`),
        )
      : null;
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency,
        receipt_email: request.email,
        description: request.description,
        automatic_payment_methods: { enabled: true },
        metadata: { store_id: request.storeId, order_id: request.orderId ?? "" },
        ...(customer ? { customer: customer.id, setup_future_usage: "off_session" as const } : {}),
      },
      this.#on(request.idempotencyKey),
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
    return {
      status: "requires_confirmation",
      reference: intent.id,
      clientSecret: intent.client_secret,
    };
  }

  /**
   * A renewal: a PaymentIntent confirmed at once, off-session, on the saved card. A card Stripe
   * declines, and one whose bank asks the shopper to authenticate, answer declined.
   */
  async chargeSaved(request: SavedChargeRequest) {
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          description: request.description,
          payment_method: request.saved.method,
          ...(request.saved.customer ? { customer: request.saved.customer } : {}),
          off_session: true,
          confirm: true,
          metadata: { store_id: request.storeId, order_id: request.orderId ?? "" },
        },
        this.#on(request.idempotencyKey),
      );
      if (intent.status === "succeeded") {
        return {
          status: "succeeded" as const,
          reference: intent.id,
          cardBrand: null,
          cardLast4: null,
        };
      }
      return {
        status: "declined" as const,
        code: "authentication_required",
        message: "Your bank asks you to confirm this payment: update your card.",
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return {
          status: "declined" as const,
          code: err.code ?? "card_declined",
          message: err.message,
        };
      }
      throw err;
    }
  }

  /**
   * A SetupIntent for the browser's Payment Element to confirm, on the subscription's customer (a
   * new one when it has none); the verified `setup_intent.succeeded` webhook stores the card.
   */
  async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    const customer =
      request.customer ??
      (
        await this.#stripe.customers.create(
          { email: request.email, metadata: { store_id: request.storeId } },
          this.#on(`${request.idempotencyKey}-customer`),
        )
      ).id;
    const intent = await this.#stripe.setupIntents.create(
      {
        customer,
        usage: "off_session",
        automatic_payment_methods: { enabled: true },
        metadata: { store_id: request.storeId, subscription_id: request.subscriptionId },
      },
      this.#on(request.idempotencyKey),
    );
    if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
    return {
      status: "requires_confirmation",
      reference: intent.id,
      clientSecret: intent.client_secret,
    };
  }

  async refund(reference: string, idempotencyKey: string, amount?: number): Promise<void> {
    try {
      await this.#stripe.refunds.create(
        { payment_intent: reference, ...(amount === undefined ? {} : { amount }) },
        this.#on(idempotencyKey),
      );
    } catch (err) {
      // Stripe's own "no" (a 4xx): nothing was refunded. Anything else may have been.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new RefundRefusedError(err.message);
      }
      throw err;
    }
  }

  async cancel(reference: string, idempotencyKey: string): Promise<void> {
    await this.#stripe.paymentIntents.cancel(reference, {}, this.#on(idempotencyKey));
  }
}

/** The id of a Stripe reference, whether expanded or not. */
function idOf(ref: string | { id: string } | null): string | null {
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

/** The card an intent (payment or setup) was confirmed with, and its customer. */
function methodOf(intent: {
  payment_method: string | { id: string } | null;
  customer: string | { id: string } | null;
}): SavedMethod | null {
  const method = idOf(intent.payment_method);
  return method ? { method, customer: idOf(intent.customer) } : null;
}

/** The card a confirmed PaymentIntent kept for off-session use, with its customer. */
function savedMethodOf(intent: Stripe.PaymentIntent): SavedMethod | null {
  return intent.setup_future_usage === "off_session" ? methodOf(intent) : null;
}
