import { randomBytes } from "node:crypto";
import { cardBrand, cardDigits, type TestCard } from "@storefront/domain";
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  SaveCardRequest,
  SaveCardResult,
  SavedChargeRequest,
  SavedMethod,
} from "./provider.ts";
import { RefundRefusedError } from "./provider.ts";

/** Stripe's test cards that fail, with Stripe's codes and messages; every other valid card pays. */
const DECLINES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": {
    code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000009987": { code: "lost_card", message: "Your card was declined." },
  "4000000000009979": { code: "stolen_card", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  "4000000000000119": {
    code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

/** Keeps at most this many answers and charges, the oldest forgotten first (a long-running store). */
const KEPT = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  if (map.size > KEPT) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export interface TestCharge {
  reference: string;
  amount: number;
  currency: string;
  /** Whether all of it was given back. */
  refunded: boolean;
  refundedAmount: number;
}

/**
 * The built-in card processor (no keys needed): Stripe's test-card table decides the outcome.
 * It keeps only brand and last 4 digits, answers a repeated idempotency key with the first
 * answer, and keeps its charges in memory so tests can count them.
 */
export class TestCardProcessor implements PaymentProvider {
  readonly name = "test";
  readonly confirmsLater = false;
  readonly account = null;
  readonly #answers = new Map<string, ChargeResult>();
  readonly charges = new Map<string, TestCharge>();
  /** The refunds' idempotency keys: a repeated one gives nothing back twice. */
  readonly #refundKeys = new Map<string, true>();
  /** Saved cards by their reusable token: the number's digits and its expiry, nothing else. */
  readonly #saved = new Map<string, { digits: string; expMonth: number; expYear: number }>();

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const earlier = this.#answers.get(request.idempotencyKey);
    if (earlier) return earlier;
    const answer = this.#decide(request);
    remember(this.#answers, request.idempotencyKey, answer);
    return answer;
  }

  #decide(request: ChargeRequest): ChargeResult {
    if (!request.card) {
      return { status: "declined", code: "missing_card", message: "Enter your card details." };
    }
    const digits = cardDigits(request.card.number);
    const decline = DECLINES[digits];
    if (decline) return { status: "declined", ...decline };
    const saved = request.saveMethod ? this.#keep(request.card, digits) : null;
    return { ...this.#charged(request, digits), saved };
  }

  /** Keeps a card for charges without the shopper: its digits and expiry, under a new token. */
  #keep(card: TestCard, digits: string): SavedMethod {
    const method = `test_pm_${randomBytes(12).toString("hex")}`;
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    remember(this.#saved, method, { digits, expMonth: card.expMonth, expYear });
    return { method, customer: null };
  }

  #charged(request: Pick<ChargeRequest, "amount" | "currency">, digits: string) {
    const reference = `test_ch_${randomBytes(12).toString("hex")}`;
    remember(this.charges, reference, {
      reference,
      amount: request.amount,
      currency: request.currency,
      refunded: false,
      refundedAmount: 0,
    });
    return {
      status: "succeeded" as const,
      reference,
      cardBrand: cardBrand(digits),
      cardLast4: digits.slice(-4),
    };
  }

  /**
   * Charges a saved card, as Stripe charges one off-session: an unknown token (this processor
   * keeps its cards in memory, so a restart forgets them) and a card past its expiry month are
   * declined, with Stripe's codes.
   */
  async chargeSaved(request: SavedChargeRequest) {
    const earlier = this.#answers.get(request.idempotencyKey);
    if (earlier && earlier.status !== "requires_confirmation") return earlier;
    const card = this.#saved.get(request.saved.method);
    let answer: Extract<ChargeResult, { status: "succeeded" | "declined" }>;
    if (!card) {
      answer = {
        status: "declined",
        code: "resource_missing",
        message: "The saved card is no longer available.",
      };
    } else if (
      request.at.getUTCFullYear() * 12 + request.at.getUTCMonth() >
      card.expYear * 12 + (card.expMonth - 1)
    ) {
      answer = { status: "declined", code: "expired_card", message: "Your card has expired." };
    } else {
      answer = this.#charged(request, card.digits);
    }
    remember(this.#answers, request.idempotencyKey, answer);
    return answer;
  }

  /** Keeps a card as a checkout that saves it does; Stripe's test cards that fail are refused. */
  async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    if (!request.card) {
      return { status: "declined", code: "missing_card", message: "Enter your card details." };
    }
    const digits = cardDigits(request.card.number);
    const decline = DECLINES[digits];
    if (decline) return { status: "declined", ...decline };
    return {
      status: "saved",
      saved: this.#keep(request.card, digits),
      cardBrand: cardBrand(digits),
      cardLast4: digits.slice(-4),
    };
  }

  async refund(reference: string, idempotencyKey: string, amount?: number): Promise<void> {
    if (this.#refundKeys.has(idempotencyKey)) return;
    const charge = this.charges.get(reference);
    // A charge made before a restart is not in memory: there is nothing to give back here.
    if (charge) {
      const left = charge.amount - charge.refundedAmount;
      const given = amount ?? left;
      // As Stripe answers it: a refund past what is left of the charge is refused.
      if (given <= 0 || given > left) {
        throw new RefundRefusedError(
          `Refund amount (${given}) is greater than unrefunded amount (${left})`,
        );
      }
      charge.refundedAmount += given;
      charge.refunded = charge.refundedAmount === charge.amount;
    }
    remember(this.#refundKeys, idempotencyKey, true);
  }

  async cancel(): Promise<void> {}
}
