import type { Currency, TestCard } from "@storefront/domain";

/** What to charge: one order's total, once per idempotency key. */
export interface ChargeRequest {
  storeId: string;
  orderId: string | null;
  description: string;
  amount: number;
  currency: Currency;
  email: string;
  /** The same key always answers the same charge: a retried request never charges twice. */
  idempotencyKey: string;
  /** The card, for the built-in test processor; Stripe takes it in the browser. */
  card?: TestCard;
}

export type ChargeResult =
  /** Charged now (the test processor). */
  | { status: "succeeded"; reference: string; cardBrand: string | null; cardLast4: string | null }
  /** Refused, with the processor's reason for the shopper. */
  | { status: "declined"; code: string; message: string }
  /** To be confirmed in the browser; the result arrives later by webhook (Stripe). */
  | { status: "requires_confirmation"; reference: string; clientSecret: string };

/** A verified webhook, reduced to what the orders need. */
export type PaymentEvent =
  | {
      id: string;
      type: "payment_succeeded";
      reference: string;
      orderId: string | null;
      storeId: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { id: string; type: "payment_failed"; reference: string; message: string }
  | { id: string; type: "ignored"; eventType: string };

/** A webhook whose signature or timestamp does not verify: answered 400, never applied. */
export class WebhookVerificationError extends Error {}

/** One way to take card payments. The server picks one at start-up (config). */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** True when the browser confirms the payment and a webhook reports it (Stripe). */
  readonly confirmsLater: boolean;
  /** The key the browser's payment form needs; null for the test processor. */
  readonly publishableKey: string | null;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a captured payment back (an order that could not be completed). */
  refund(reference: string, idempotencyKey: string): Promise<void>;
  /** Stops a payment that was never completed (its hold expired). */
  cancel(reference: string, idempotencyKey: string): Promise<void>;
  /** Verifies and reads a webhook; throws WebhookVerificationError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
