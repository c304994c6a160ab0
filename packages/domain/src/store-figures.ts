import { type CheckoutSettings, COUNTRIES, currencyOfCountry } from "./checkout.ts";
import { formatMoney } from "./money.ts";

/**
 * The figures a store's content may quote, so a policy page never drifts from what checkout
 * charges. Each is written in content as `{{name}}`:
 * - `shipping.US.standard`: an option's price in its country's currency ("$7.95", "CA$12.95"),
 *   and `shipping.US.standard.estimate` its delivery estimate ("3–5 business days"), for every
 *   country and option id of the store's shipping table;
 * - `free_shipping.US`: the least an order to the country spends to ship free ("$149",
 *   "CA$200"), for each country the store ships free to; `free_shipping_threshold` is the US one;
 * - `affiliate.percentage`: the commission the store's affiliate programme pays ("10"), when it
 *   has one.
 */
export type StoreFigures = Record<string, string>;

/** A price as content quotes it: whole amounts without cents ("$149"), others with ("$7.95"). */
function quotedPrice(amount: number, currency: Parameters<typeof formatMoney>[1]): string {
  const text = formatMoney(amount, currency);
  return amount % 100 === 0 ? text.replace(/\.00$/, "") : text;
}

/**
 * The store's figures by placeholder name, from the tables checkout itself reads.
 * @example storeFigures(settings, 10)["shipping.CA.standard"] // "CA$12.95"
 */
export function storeFigures(
  settings: CheckoutSettings,
  affiliatePercentage: number | null,
): StoreFigures {
  const figures: StoreFigures = {};
  for (const country of COUNTRIES) {
    const threshold = settings.freeShipping[country];
    if (threshold !== undefined) {
      figures[`free_shipping.${country}`] = quotedPrice(threshold, currencyOfCountry(country));
    }
    for (const rate of settings.shipping[country] ?? []) {
      const name = `shipping.${country}.${rate.id}`;
      figures[name] = quotedPrice(rate.amount, currencyOfCountry(country));
      figures[`${name}.estimate`] = rate.estimate;
    }
  }
  const us = figures["free_shipping.US"];
  if (us !== undefined) figures.free_shipping_threshold = us;
  if (affiliatePercentage !== null) figures["affiliate.percentage"] = String(affiliatePercentage);
  return figures;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/**
 * Every string in `value` (a content document: any depth of objects and arrays) with its
 * `{{name}}` placeholders replaced by the store's figures. A name the store has no figure for
 * stays as written, so the merchant sees what to fix.
 * @example fillFigures({ text: "Standard: {{shipping.US.standard}}" }, figures) // { text: "Standard: $7.95" }
 */
export function fillFigures<T>(value: T, figures: StoreFigures): T {
  if (typeof value === "string") {
    return value.replace(PLACEHOLDER, (whole, name: string) => figures[name] ?? whole) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillFigures(item, figures)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillFigures(item, figures)]),
    ) as T;
  }
  return value;
}
