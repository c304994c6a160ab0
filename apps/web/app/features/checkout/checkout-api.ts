import {
  CARD_MESSAGES,
  CHECKOUT_FIELD_MESSAGES,
  type CheckoutQuote,
  cardBrand,
  cvcValid,
  expiryValid,
  luhnValid,
  type PlacedOrder,
  type PlaceOrderRequest,
  PlaceOrderSchema,
  shippingAddressErrors,
} from "@storefront/domain";
import * as api from "~/lib/api";
import { type ApiBody, ApiError } from "~/lib/api-client";
import type { CheckoutState } from "./checkout-store";

/** The card as typed in the test processor's fields. */
export interface CardInput {
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

/** The `error.code` of an error answer (`payment_declined`, `conflict`, …), if any. */
function errorCode(body: ApiBody): string | null {
  const error = body?.error;
  return error && typeof error === "object" && "code" in error && typeof error.code === "string"
    ? error.code
    : null;
}

/** The refused fields of an error answer by dotted path (`address.postalCode`), if any. */
function errorFields(body: ApiBody): Record<string, string> {
  const error = body?.error;
  if (!error || typeof error !== "object" || !("fields" in error)) return {};
  const fields = error.fields;
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export const EMPTY_CARD: CardInput = { number: "", expiry: "", cvc: "" };

/** Month and year from "MM/YY", "MM / YY", "MMYY" or "MM/YYYY"; NaN when it is none of them. */
export function parseExpiry(text: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { month: Number.NaN, year: Number.NaN };
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** The card checks of card.ts, one field at a time (on leaving it). */
export function cardFieldError(field: keyof CardInput, card: CardInput): string | null {
  if (field === "number") return luhnValid(card.number) ? null : CARD_MESSAGES.number;
  if (field === "expiry") {
    const { month, year } = parseExpiry(card.expiry);
    return expiryValid(month, year, new Date()) ? null : CARD_MESSAGES.expiry;
  }
  return cvcValid(card.cvc.trim(), cardBrand(card.number)) ? null : CARD_MESSAGES.cvc;
}

/** Where a field's message shows: the server's dotted paths, with the expiry's two as one. */
export function fieldKey(path: string): string {
  return path === "card.expMonth" || path === "card.expYear" ? "card.expiry" : path;
}

export const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";

/** Follows a decline's reason: what the shopper can do now. */
export const DECLINED_NEXT_STEP =
  "You have not been charged. Check the card details or enter another card, then press Pay again.";

/**
 * The order as POST /api/checkout takes it, checked with the same schema the server uses, so
 * the page shows the server's messages before anything is sent. `card` is null with Stripe.
 */
export function buildOrder(
  state: CheckoutState,
  card: CardInput | null,
): { ok: true; body: PlaceOrderRequest } | { ok: false; fields: Record<string, string> } {
  const expiry = card ? parseExpiry(card.expiry) : null;
  const candidate = {
    email: state.email,
    name: state.name,
    address: state.address,
    ...(state.requiresShipping ? { shippingOptionId: state.selectedShippingOption?.id } : {}),
    expectedTotal: state.total,
    ...(state.usePoints ? { usePoints: true } : {}),
    ...(card && expiry
      ? {
          card: {
            number: card.number,
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: card.cvc,
          },
        }
      : {}),
  };
  const parsed = PlaceOrderSchema.safeParse(candidate);
  // With something to ship, a street, a city and a shipping method are needed too.
  const shipping: Record<string, string> = state.requiresShipping
    ? {
        ...shippingAddressErrors(state.address),
        ...(state.selectedShippingOption
          ? {}
          : { shippingOptionId: CHECKOUT_FIELD_MESSAGES.shippingOption }),
      }
    : {};
  if (parsed.success && Object.keys(shipping).length === 0) return { ok: true, body: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = fieldKey(issue.path.join("."));
    fields[key] ??= issue.message;
  }
  for (const [key, message] of Object.entries(shipping)) fields[key] ??= message;
  // The schema checks the card's digits only once its shape is right: say everything at once.
  if (card) {
    for (const field of ["number", "expiry", "cvc"] as const) {
      const message = cardFieldError(field, card);
      if (message) fields[`card.${field}`] ??= message;
    }
  }
  return { ok: false, fields };
}

export type QuoteOutcome =
  | { ok: true; quote: CheckoutQuote }
  | { ok: false; status: number; message: string };

export const QUOTE_FAILED_MESSAGE =
  "We couldn't calculate shipping and tax. Check your connection and try again.";

/** POST /api/checkout/quote for the address's country, region and postal code, and the points. */
export async function fetchQuote(
  state: Pick<CheckoutState, "address" | "selectedShippingOption" | "usePoints">,
): Promise<QuoteOutcome> {
  const { country, region, postalCode } = state.address;
  try {
    const quote = await api.checkout.quote({
      address: { country, region, postalCode },
      ...(state.selectedShippingOption
        ? { shippingOptionId: state.selectedShippingOption.id }
        : {}),
      ...(state.usePoints ? { usePoints: true } : {}),
    });
    return { ok: true, quote };
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(0);
    return {
      ok: false,
      status: failure.status,
      message:
        failure.status === 0
          ? QUOTE_FAILED_MESSAGE
          : (failure.serverMessage ?? QUOTE_FAILED_MESSAGE),
    };
  }
}

/** What POST /api/checkout ended with, in the terms the page acts on. */
export type PlaceOrderOutcome =
  | { kind: "paid"; number: number; accessKey: string }
  | { kind: "awaiting_payment"; number: number; accessKey: string; clientSecret: string }
  /** 402: the card was refused; a new attempt with another card may follow. */
  | { kind: "declined"; message: string }
  /** 409: the cart, stock, discount or total changed; read the cart and quote again. */
  | { kind: "changed"; message: string }
  /** 400: fields refused, by dotted path. */
  | { kind: "invalid"; message: string; fields: Record<string, string> }
  /** No answer, or the server failed: the same attempt (same key) may be sent again. */
  | { kind: "retry"; message: string }
  | { kind: "refused"; message: string };

export const NETWORK_MESSAGE =
  "We couldn't reach the store. Check your connection and press Pay again: you will not be charged twice.";
const FAILED_MESSAGE = "Something went wrong. Please try again.";

/** POST /api/checkout with the attempt's Idempotency-Key. */
export async function placeOrder(
  body: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<PlaceOrderOutcome> {
  let answer: PlacedOrder | null;
  try {
    answer = await api.checkout.place(body, { headers: { "Idempotency-Key": idempotencyKey } });
  } catch (error) {
    return placeOrderFailure(error instanceof ApiError ? error : new ApiError(0));
  }
  if (!answer) return { kind: "refused", message: FAILED_MESSAGE };
  if (answer.status === "awaiting_payment" && answer.clientSecret) {
    return {
      kind: "awaiting_payment",
      number: answer.order.number,
      accessKey: answer.accessKey,
      clientSecret: answer.clientSecret,
    };
  }
  return { kind: "paid", number: answer.order.number, accessKey: answer.accessKey };
}

/** A refused or unanswered order in the terms the page acts on. */
function placeOrderFailure({ status, body, serverMessage }: ApiError): PlaceOrderOutcome {
  const message = serverMessage ?? FAILED_MESSAGE;
  if (status === 0) return { kind: "retry", message: NETWORK_MESSAGE };
  if (status === 402 || errorCode(body) === "payment_declined") {
    return { kind: "declined", message };
  }
  if (status === 409) return { kind: "changed", message };
  if (status === 400) return { kind: "invalid", message, fields: errorFields(body) };
  if (status >= 500) return { kind: "retry", message: FAILED_MESSAGE };
  return { kind: "refused", message };
}

/** The confirmation page of an order: the access key lets a guest read it. */
export function orderPath(number: number, accessKey: string): string {
  return `/orders/${number}?key=${encodeURIComponent(accessKey)}`;
}
