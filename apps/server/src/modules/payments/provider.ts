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
  /** Keep the card to charge later without the shopper (the order starts subscriptions). */
  saveMethod?: boolean;
}

/** A card kept by the provider for charges made without the shopper (renewals). */
export interface SavedMethod {
  /** The provider's reusable payment method. */
  method: string;
  /** The provider's customer the method belongs to (Stripe); null for the test processor. */
  customer: string | null;
}

/** A charge to a saved card, without the shopper present (a subscription's renewal). */
export interface SavedChargeRequest
  extends Pick<ChargeRequest, "storeId" | "orderId" | "description" | "amount" | "currency"> {
  saved: SavedMethod;
  /** One key per subscription, period and try: a job run again never charges twice. */
  idempotencyKey: string;
  /** When the charge is made (the renewal job's clock): a card past its expiry is declined. */
  at: Date;
}

export type ChargeResult =
  /** Charged now (the test processor, or a saved card). */
  | {
      status: "succeeded";
      reference: string;
      cardBrand: string | null;
      cardLast4: string | null;
      /** The card kept for later, when the request asked to save it. */
      saved?: SavedMethod | null;
    }
  /** Refused, with the processor's reason for the shopper. */
  | { status: "declined"; code: string; message: string }
  /** To be confirmed in the browser; the result arrives later by webhook (Stripe). */
  | { status: "requires_confirmation"; reference: string; clientSecret: string };

/** A card to keep for a subscription's renewals, given on the account page. */
export interface SaveCardRequest {
  storeId: string;
  subscriptionId: string;
  email: string;
  /** The provider's customer the subscription's card belongs to, when it has one (Stripe). */
  customer: string | null;
  /** The card, for the built-in test processor; Stripe takes it in the browser. */
  card?: TestCard;
  idempotencyKey: string;
}

export type SaveCardResult =
  /** Kept now (the test processor). */
  | { status: "saved"; saved: SavedMethod; cardBrand: string | null; cardLast4: string | null }
  /** Refused, with the processor's reason for the shopper. */
  | { status: "declined"; code: string; message: string }
  /** To be confirmed in the browser (a Stripe SetupIntent); a webhook reports the saved card. */
  | { status: "requires_confirmation"; reference: string; clientSecret: string };

/** A verified webhook, reduced to what the orders need. */
export type PaymentEvent =
  | {
      id: string;
      type: "payment_succeeded";
      /** The connected account the payment was made on (Stripe Connect); null: the platform's. */
      account: string | null;
      reference: string;
      orderId: string | null;
      storeId: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
      /** The card the payment saved for later (an order with subscriptions). */
      saved: SavedMethod | null;
    }
  | {
      id: string;
      type: "payment_failed";
      account: string | null;
      reference: string;
      message: string;
    }
  /** A card confirmed in the browser for a subscription's renewals (setup_intent.succeeded). */
  | {
      id: string;
      type: "method_saved";
      account: string | null;
      storeId: string | null;
      subscriptionId: string | null;
      saved: SavedMethod;
    }
  | { id: string; type: "ignored"; eventType: string };

/** A webhook whose signature or timestamp does not verify: answered 400, never applied. */
export class WebhookVerificationError extends Error {}

/**
 * The processor answered that it will not make this refund (more than is left, a payment it does
 * not know): nothing was given back. Any other failure of `refund` (a timeout, a dropped
 * connection, a 5xx) may have refunded all the same, so it is asked again under the same key.
 */
export class RefundRefusedError extends Error {}

/**
 * One way to take card payments, on one account: every call it makes is made on that account, so
 * one store's payments, refunds and saved cards never reach another store's.
 */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** The connected account every call is made on; null: the platform's own (or no account). */
  readonly account: string | null;
  /** True when the browser confirms the payment and a webhook reports it (Stripe). */
  readonly confirmsLater: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a saved card now, off-session: succeeded or declined, never to confirm. */
  chargeSaved(
    request: SavedChargeRequest,
  ): Promise<Extract<ChargeResult, { status: "succeeded" | "declined" }>>;
  /** Keeps a new card for a subscription's renewals (the shopper replaces an expired one). */
  saveCard(request: SaveCardRequest): Promise<SaveCardResult>;
  /**
   * Gives a captured payment back: all of what is left of it, or `amount` (minor units) of it
   * (a store admin's partial refund). A repeated key is the same refund.
   */
  refund(reference: string, idempotencyKey: string, amount?: number): Promise<void>;
  /** Stops a payment that was never completed (its hold expired). */
  cancel(reference: string, idempotencyKey: string): Promise<void>;
}
