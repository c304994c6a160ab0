import { type Currency, formatMoney } from "./money.ts";

/** The trade (wholesale) partner application: its fields, limits and messages. */

/** Each field's label, as the form shows it and as a message names it. */
export const TRADE_LABELS = {
  businessName: "Business name",
  contactName: "Contact name",
  email: "Email",
  phone: "Phone",
  taxId: "Tax or resale ID",
  website: "Website",
  storeAddress: "Store address",
  message: "Message",
} as const;

export type TradeField = keyof typeof TRADE_LABELS;

/** The most characters each field takes. */
export const TRADE_LIMITS: Record<TradeField, number> = {
  businessName: 120,
  contactName: 120,
  email: 254,
  phone: 40,
  taxId: 60,
  website: 200,
  storeAddress: 500,
  message: 2000,
};

/** The fields an application must fill; the others may be left empty. */
export const TRADE_REQUIRED: readonly TradeField[] = [
  "businessName",
  "contactName",
  "email",
  "storeAddress",
];

export const TRADE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must not exceed ${max} characters`,
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a phone number: digits, spaces and + ( ) - only",
  websiteInvalid: "Please enter a website address, e.g. example.com",
  submitted: "Thank you! Your application has reached our trade team.",
  submittedText:
    "We will read it and write to you within two business days. Once approved, you will get an email to sign in with trade prices.",
  failed: "Your application could not be sent. Please try again.",
  notFound: "No such trade application in this store.",
  alreadyApproved: "This application is already approved.",
  adminAccount:
    "That email belongs to one of the store's admins; it cannot become a trade account.",
  minimumOrder: (minimum: string, short: string) =>
    `Trade orders start at ${minimum} before shipping and tax: add ${short} more to place this one.`,
  personalCode: "Personal discount codes do not apply to trade prices.",
  points: "Loyalty points do not apply to trade prices.",
} as const;

/** The status of an application: waiting for the store, or approved (a trade account). */
export const TRADE_STATUSES = ["pending", "approved"] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** A contact name split for an account: the first word, and the rest (may be empty). */
export function namesOf(contactName: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = contactName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

/**
 * What a store's trade partners pay (spec: a `wholesale` account "sees trade prices"): a
 * variant's own trade price in a currency where the store set one, else its retail price less
 * `percentOff`; and the least a trade order may come to in each currency, before shipping and
 * tax (a currency without one has no minimum).
 */
export interface TradeTerms {
  percentOff: number;
  minimumOrder: Partial<Record<Currency, number>>;
}

/** The prices a visitor sees: a signed-in trade (wholesale) account's are trade prices. */
export type PriceList = "retail" | "trade";

/**
 * No trade terms: nothing off retail and no minimum (a variant's own trade price, where the store
 * set one, still applies).
 */
export const NO_TRADE_TERMS: TradeTerms = { percentOff: 0, minimumOrder: {} };

/** The trade price of a unit: the explicit one when set, else retail less the percentage. */
export function tradeAmount(retail: number, explicit: number | null, percentOff: number): number {
  if (explicit !== null) return explicit;
  return Math.round((retail * (100 - percentOff)) / 100);
}

/**
 * Why a trade order of `goods` (after discounts, before shipping and tax) cannot be placed in
 * `currency`: it is below the store's minimum; null when it may be.
 */
export function tradeMinimumError(
  goods: number,
  currency: Currency,
  terms: TradeTerms,
): string | null {
  const minimum = terms.minimumOrder[currency];
  if (minimum === undefined || goods >= minimum) return null;
  return TRADE_MESSAGES.minimumOrder(
    formatMoney(minimum, currency),
    formatMoney(minimum - goods, currency),
  );
}
