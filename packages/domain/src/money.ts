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
