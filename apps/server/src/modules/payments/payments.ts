import { CHECKOUT_MESSAGES, DomainError } from "@storefront/domain";
import type { Config } from "../../config.ts";
import type { PaymentEvent, PaymentProvider } from "./provider.ts";
import { WebhookVerificationError } from "./provider.ts";
import { StripePlatform } from "./stripe-provider.ts";
import { TestCardProcessor } from "./test-processor.ts";

/** How a store takes cards: its Stripe account, the built-in test processor, or not at all. */
export type CardPayments = "stripe" | "test" | "unavailable";

/**
 * The platform's ways to take card payments, one per store. A store with a connected Stripe
 * account (`stripeId`) is paid on that account with the platform's key (Stripe Connect). A store
 * without one uses the test processor while the platform has no Stripe keys or is not in
 * production; in production with Stripe's keys it takes no card until its account is connected,
 * unless STRIPE_PLATFORM_STORES names it (the platform owner's own stores, paid on its account).
 * A payment already taken is refunded or cancelled on the account that took it.
 */
/** A store as its payments see it: its id and its connected Stripe account (or none). */
export interface PayingStore {
  id: string;
  stripeId: string | null;
}

export class Payments {
  readonly #stripe: StripePlatform | null;
  readonly #test: PaymentProvider;
  readonly #production: boolean;
  /** Stores paid on the platform's own Stripe account while they connect none (its owner's). */
  readonly #platformStores: ReadonlySet<string>;

  constructor(
    config: Pick<Config, "stripe" | "env"> & { stripePlatformStores?: readonly string[] },
    /** Replaces the built-in test processor (tests count its charges). */
    test: PaymentProvider = new TestCardProcessor(),
  ) {
    this.#stripe = config.stripe ? new StripePlatform(config.stripe) : null;
    this.#test = test;
    this.#production = config.env === "production";
    this.#platformStores = new Set(config.stripePlatformStores ?? []);
  }

  /** How the store takes cards. */
  modeOf(store: PayingStore): CardPayments {
    if (!this.#stripe) return "test";
    if (store.stripeId || this.#platformStores.has(store.id)) return "stripe";
    return this.#production ? "unavailable" : "test";
  }

  /** The key the store's payment form loads Stripe.js with; null: the test processor's form. */
  publishableKeyOf(store: PayingStore): string | null {
    return this.modeOf(store) === "stripe" ? (this.#stripe?.publishableKey ?? null) : null;
  }

  /**
   * The processor a store takes new payments with: its connected account, else for the stores of
   * STRIPE_PLATFORM_STORES the platform's own; a store that cannot take cards is refused (503)
   * with a message that says so.
   */
  forStore(store: PayingStore): PaymentProvider {
    const mode = this.modeOf(store);
    if (mode === "unavailable" || (mode === "stripe" && !this.#stripe)) {
      throw new DomainError("unavailable", CHECKOUT_MESSAGES.cardNotSetUp);
    }
    return mode === "stripe" && this.#stripe ? this.#stripe.forAccount(store.stripeId) : this.#test;
  }

  /**
   * The processor and account that took a payment (an order's, a saved card's). A Stripe payment
   * on a platform that no longer has Stripe's keys cannot be reached: an Error, for the caller to
   * retry or report.
   */
  forPayment(taken: {
    paymentProvider: string | null;
    paymentAccount: string | null;
  }): PaymentProvider {
    if (taken.paymentProvider !== "stripe") return this.#test;
    if (!this.#stripe) throw new Error("A Stripe payment, but the server has no Stripe keys");
    return this.#stripe.forAccount(taken.paymentAccount);
  }

  /** Verifies and reads a Stripe webhook; throws WebhookVerificationError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!this.#stripe) throw new WebhookVerificationError("This server takes no Stripe payments");
    return this.#stripe.parseWebhook(rawBody, signature);
  }
}
