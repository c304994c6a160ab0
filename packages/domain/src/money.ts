import { spokenList } from "./text.ts";

/** Currencies a store sells in; amounts are always integers in minor units (cents). */
export const CURRENCIES = ["usd", "cad"] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CurrencyOption {
  symbol: string;
  name: string;
  value: Currency;
  stripe_countries: string[];
}

/** The spec's currency options: USD ($) with country US, CAD with country CA; default USD. */
export const CURRENCY_OPTIONS: readonly CurrencyOption[] = [
  { symbol: "$", name: "USD", value: "usd", stripe_countries: ["US"] },
  { symbol: "CA$", name: "CAD", value: "cad", stripe_countries: ["CA"] },
];

/** What a store sells in: its currencies, and the one a visitor gets when nothing else decides. */
export interface StoreCurrencies {
  currencies: readonly Currency[];
  defaultCurrency: Currency;
}

/** A store that sells in every currency, USD first: the demo stores, and any store until read. */
export const EVERY_CURRENCY: StoreCurrencies = { currencies: CURRENCIES, defaultCurrency: "usd" };

/** "USD", "USD and CAD": a store's currencies as its messages name them. */
export function currencyList(currencies: readonly Currency[]): string {
  return spokenList(currencies.map((c) => c.toUpperCase()));
}

export const CURRENCY_MESSAGES = {
  notSold: (currencies: readonly Currency[]) =>
    currencies.length === 1
      ? `This store sells in ${currencyList(currencies)} only`
      : `This store sells in ${currencyList(currencies)}`,
} as const;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount in minor units with its currency symbol and two decimals.
 * @example formatMoney(2995, "usd") // "$29.95"
 */
export function formatMoney(amountMinor: number, currency: Currency, locale = "en-US"): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      currencyDisplay: "symbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amountMinor / 100);
}

/** The amount as a plain decimal string ("39.95"): schema.org offers, the CSV export, form fields. */
export function toDecimalString(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
