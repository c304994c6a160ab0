import type { CheckoutTotals, ShippingOption, TaxLine } from "./checkout-schema.ts";
import { DISCOUNT_MESSAGES } from "./discount.ts";
import type { Currency } from "./money.ts";

/** The countries a store ships to; the currency decides which (USD: US, CAD: CA). */
export const COUNTRIES = ["US", "CA"] as const;
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_NAMES: Record<Country, string> = { US: "United States", CA: "Canada" };

/** How shopper-facing sentences name a country ("within the USA", "Canadian shipping"). */
export const COUNTRY_WORDS: Record<Country, { place: string; adjective: string; money: string }> = {
  US: { place: "the USA", adjective: "US", money: "US dollars" },
  CA: { place: "Canada", adjective: "Canadian", money: "Canadian dollars" },
};

/** The country an order in this currency ships to (spec: stripe_countries, US for USD, CA for CAD). */
export function countryOfCurrency(currency: Currency): Country {
  return currency === "cad" ? "CA" : "US";
}

export function currencyOfCountry(country: Country): Currency {
  return country === "CA" ? "cad" : "usd";
}

export interface Region {
  code: string;
  name: string;
}

/** US states (and DC) and Canadian provinces and territories, by their postal abbreviations. */
export const REGIONS: Record<Country, readonly Region[]> = {
  US: [
    ["AL", "Alabama"],
    ["AK", "Alaska"],
    ["AZ", "Arizona"],
    ["AR", "Arkansas"],
    ["CA", "California"],
    ["CO", "Colorado"],
    ["CT", "Connecticut"],
    ["DE", "Delaware"],
    ["DC", "District of Columbia"],
    ["FL", "Florida"],
    ["GA", "Georgia"],
    ["HI", "Hawaii"],
    ["ID", "Idaho"],
    ["IL", "Illinois"],
    ["IN", "Indiana"],
    ["IA", "Iowa"],
    ["KS", "Kansas"],
    ["KY", "Kentucky"],
    ["LA", "Louisiana"],
    ["ME", "Maine"],
    ["MD", "Maryland"],
    ["MA", "Massachusetts"],
    ["MI", "Michigan"],
    ["MN", "Minnesota"],
    ["MS", "Mississippi"],
    ["MO", "Missouri"],
    ["MT", "Montana"],
    ["NE", "Nebraska"],
    ["NV", "Nevada"],
    ["NH", "New Hampshire"],
    ["NJ", "New Jersey"],
    ["NM", "New Mexico"],
    ["NY", "New York"],
    ["NC", "North Carolina"],
    ["ND", "North Dakota"],
    ["OH", "Ohio"],
    ["OK", "Oklahoma"],
    ["OR", "Oregon"],
    ["PA", "Pennsylvania"],
    ["RI", "Rhode Island"],
    ["SC", "South Carolina"],
    ["SD", "South Dakota"],
    ["TN", "Tennessee"],
    ["TX", "Texas"],
    ["UT", "Utah"],
    ["VT", "Vermont"],
    ["VA", "Virginia"],
    ["WA", "Washington"],
    ["WV", "West Virginia"],
    ["WI", "Wisconsin"],
    ["WY", "Wyoming"],
  ].map(([code, name]) => ({ code: code ?? "", name: name ?? "" })),
  CA: [
    ["AB", "Alberta"],
    ["BC", "British Columbia"],
    ["MB", "Manitoba"],
    ["NB", "New Brunswick"],
    ["NL", "Newfoundland and Labrador"],
    ["NS", "Nova Scotia"],
    ["NT", "Northwest Territories"],
    ["NU", "Nunavut"],
    ["ON", "Ontario"],
    ["PE", "Prince Edward Island"],
    ["QC", "Quebec"],
    ["SK", "Saskatchewan"],
    ["YT", "Yukon"],
  ].map(([code, name]) => ({ code: code ?? "", name: name ?? "" })),
};

export function isRegionOf(country: Country, region: string): boolean {
  return REGIONS[country].some((r) => r.code === region);
}

const POSTAL_CODES: Record<Country, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  // Canadian postal codes never use D, F, I, O, Q or U, nor W or Z as the first letter.
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
};

export const POSTAL_CODE_MESSAGES: Record<Country, string> = {
  US: "Enter a valid ZIP code (e.g. 10001 or 10001-1234)",
  CA: "Enter a valid postal code (e.g. K1A 0B1)",
};

export function isPostalCodeOf(country: Country, postalCode: string): boolean {
  return POSTAL_CODES[country].test(postalCode.trim());
}

/** One flat-rate shipping option of a store, for one country, in that country's currency. */
export interface ShippingRate {
  id: string;
  label: string;
  /** Minor units of the currency of the country it ships to. */
  amount: number;
  /** Delivery estimate shown beside the option, e.g. "3–5 business days". */
  estimate: string;
}

/** Tax rates are in thousandths of a percent: 6.875 % is 6875, 100 % is 100_000. */
export const TAX_RATE_SCALE = 100_000;

/**
 * A store's tax rates: per country and region, per named tax, in thousandths of a percent,
 * e.g. Ontario `{ HST: 13000 }`, British Columbia `{ GST: 5000, PST: 7000 }`.
 */
export type TaxTable = Partial<Record<Country, Record<string, Record<string, number>>>>;

/** What a store charges for shipping and tax; stored per store. */
export interface CheckoutSettings {
  shipping: Record<Country, ShippingRate[]>;
  /**
   * Free shipping per country: the least an order spends after its discount, in minor units of
   * that country's currency. A country without a threshold never ships free.
   */
  freeShipping: Partial<Record<Country, number>>;
  tax: TaxTable;
}

/**
 * The least an order in this currency spends, after its discount, to ship free to the
 * currency's country; null when the store never ships free there.
 * @example freeShippingThreshold({ ...settings, freeShipping: { US: 14_900 } }, "usd") // 14_900
 */
export function freeShippingThreshold(
  settings: Pick<CheckoutSettings, "freeShipping">,
  currency: Currency,
): number | null {
  return settings.freeShipping[countryOfCurrency(currency)] ?? null;
}

export const FREE_SHIPPING_OPTION_ID = "free";

/**
 * What an order of lines that are never shipped (a digital plan, a design service) records as
 * its shipping: no option is offered, nothing is charged and no street address is asked.
 */
export const NO_SHIPPING_OPTION = {
  id: "none",
  label: "No shipping needed",
  amount: 0,
  estimate: "",
  free: false,
} as const satisfies ShippingOption;

/**
 * Free shipping: an order to a country in its own currency whose subtotal after discount reaches
 * the store's threshold for that country (the demo stores': $149.00 USD, US only).
 */
export function qualifiesForFreeShipping(
  settings: Pick<CheckoutSettings, "freeShipping">,
  country: Country,
  currency: Currency,
  afterDiscount: number,
): boolean {
  const threshold = freeShippingThreshold(settings, currency);
  return (
    country === countryOfCurrency(currency) && threshold !== null && afterDiscount >= threshold
  );
}

/**
 * The shipping options an order can choose: the store's flat rates for the country, and when the
 * order qualifies, free shipping first.
 */
export function shippingOptions(
  settings: CheckoutSettings,
  country: Country,
  currency: Currency,
  afterDiscount: number,
): ShippingOption[] {
  const rates = settings.shipping[country] ?? [];
  const options: ShippingOption[] = rates.map((r) => ({ ...r, free: false }));
  if (qualifiesForFreeShipping(settings, country, currency, afterDiscount)) {
    const standard = rates[0];
    options.unshift({
      id: FREE_SHIPPING_OPTION_ID,
      label: "Free shipping",
      amount: 0,
      estimate: standard?.estimate ?? "",
      free: true,
    });
  }
  return options;
}

/**
 * Tax on the goods after discount plus shipping, per named tax of the region, each rounded half
 * up to the minor unit. A region without rates is taxed nothing.
 * @example taxLines({ US: { NY: { "Sales tax": 4000 } } }, "US", "NY", 10_000) // [{ name: "Sales tax", rate: 4000, amount: 400 }]
 */
export function taxLines(
  table: TaxTable,
  country: Country,
  region: string,
  taxable: number,
): TaxLine[] {
  const rates = table[country]?.[region] ?? {};
  return Object.entries(rates).map(([name, rate]) => ({
    name,
    rate,
    amount: Math.round((taxable * rate) / TAX_RATE_SCALE),
  }));
}

/** The address parts that decide shipping and tax. */
export interface TaxAddress {
  country: Country;
  region: string;
  postalCode: string;
}

/** canCalculateTax: the country, a region of it and a valid postal code for it are known. */
export function canCalculateTax(address: Partial<TaxAddress>): address is TaxAddress {
  const { country, region, postalCode } = address;
  return (
    country !== undefined &&
    (COUNTRIES as readonly string[]).includes(country) &&
    region !== undefined &&
    isRegionOf(country, region) &&
    postalCode !== undefined &&
    isPostalCodeOf(country, postalCode)
  );
}

export interface CheckoutTotalsInput {
  currency: Currency;
  /** The cart's subtotal and discount, from the cart rules. */
  subtotal: number;
  discount: number;
  settings: CheckoutSettings;
  /** Null until the shopper has given enough of the address. */
  address: TaxAddress | null;
  /** The chosen option; unknown or absent: the first one offered. */
  shippingOptionId?: string | null;
  /** False when no line of the cart is shipped: no shipping is offered or charged. */
  requiresShipping?: boolean;
  /** The signed-in buyer's points balance, and whether they spend it on this order. */
  points?: { balance: number; use: boolean };
  /** A trade account with a resale certificate on file: no tax is charged. */
  taxExempt?: boolean;
}

/** Loyalty points: what one point takes off an order's goods, in minor units (100 points: 5.00). */
export const POINT_VALUE = 5;

/** What a number of points takes off an order, in minor units of its currency. */
export function pointsValue(points: number): number {
  return Math.max(0, Math.floor(points)) * POINT_VALUE;
}

/**
 * The points an order spends: as many of the balance as its goods after discount can take, each
 * worth POINT_VALUE; shipping and tax are not paid with points.
 * @example pointsRedemption(120, 10_000) // { pointsUsed: 120, pointsDiscount: 600 }
 * @example pointsRedemption(120, 412) // { pointsUsed: 82, pointsDiscount: 410 }
 */
export function pointsRedemption(
  balance: number,
  goodsAfterDiscount: number,
): { pointsUsed: number; pointsDiscount: number } {
  const affordable = Math.floor(Math.max(0, goodsAfterDiscount) / POINT_VALUE);
  const pointsUsed = Math.max(0, Math.min(Math.floor(balance), affordable));
  return { pointsUsed, pointsDiscount: pointsUsed * POINT_VALUE };
}

/**
 * What the shopper pays: subtotal − discount − points + shipping + tax, the discount never below
 * 0 nor above the subtotal (pointsRedemption keeps the points within what is left). checkoutTotals adds up its own figures with it; the checkout page adds the
 * cart's figures to the last quote's shipping and tax with it while the next quote is awaited.
 * @example checkoutTotal({ subtotal: 10000, discount: 1000, shipping: 795, taxAmount: 392 }) // { discountAmount: 1000, total: 10187 }
 */
export function checkoutTotal(parts: {
  subtotal: number;
  discount: number;
  /** What the points spent take off the goods after discount (pointsRedemption). */
  pointsDiscount?: number;
  shipping: number;
  taxAmount: number;
}): { discountAmount: number; total: number } {
  const discountAmount = Math.min(Math.max(0, parts.discount), parts.subtotal);
  const points = Math.min(Math.max(0, parts.pointsDiscount ?? 0), parts.subtotal - discountAmount);
  return {
    discountAmount,
    total: parts.subtotal - discountAmount - points + parts.shipping + parts.taxAmount,
  };
}

/**
 * The totals of an order, shared by the checkout page (to show) and the server (to charge):
 * subtotal − discount − points + shipping + tax. Shipping and tax need the address's country,
 * region and postal code; the order's country must be the currency's. A cart with nothing to ship
 * is offered no shipping option and is taxed on its goods alone. Free shipping is decided on the
 * goods after the code's discount, before points; tax is on what is paid (after points).
 */
export function checkoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const { currency, subtotal, settings, address } = input;
  const requiresShipping = input.requiresShipping ?? true;
  const goods = checkoutTotal({ subtotal, discount: input.discount, shipping: 0, taxAmount: 0 });
  const { discountAmount } = goods;
  const afterDiscount = goods.total;
  const { pointsUsed, pointsDiscount } = input.points?.use
    ? pointsRedemption(input.points.balance, afterDiscount)
    : { pointsUsed: 0, pointsDiscount: 0 };
  if (!address || countryOfCurrency(currency) !== address.country) {
    return {
      currency,
      subtotal,
      discountAmount,
      pointsUsed,
      pointsDiscount,
      shippingOptions: [],
      selectedShippingOption: null,
      shipping: 0,
      isFreeShipping: false,
      taxLines: [],
      taxAmount: 0,
      canCalculateTax: false,
      requiresShipping,
      total: afterDiscount - pointsDiscount,
    };
  }
  const options = requiresShipping
    ? shippingOptions(settings, address.country, currency, afterDiscount)
    : [];
  const selected = requiresShipping
    ? (options.find((o) => o.id === input.shippingOptionId) ?? options[0] ?? null)
    : null;
  const shipping = selected?.amount ?? 0;
  const taxable = afterDiscount - pointsDiscount + shipping;
  const lines = input.taxExempt
    ? []
    : taxLines(settings.tax, address.country, address.region, taxable);
  const taxAmount = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    currency,
    subtotal,
    discountAmount,
    pointsUsed,
    pointsDiscount,
    shippingOptions: options,
    selectedShippingOption: selected,
    shipping,
    isFreeShipping: selected?.free ?? false,
    taxLines: lines,
    taxAmount,
    canCalculateTax: true,
    requiresShipping,
    total: checkoutTotal({
      subtotal,
      discount: discountAmount,
      pointsDiscount,
      shipping,
      taxAmount,
    }).total,
  };
}

/** Loyalty points: 1 per whole unit of currency paid. */
export function pointsEarned(totalPaid: number): number {
  return Math.max(0, Math.floor(totalPaid / 100));
}

/** An affiliate's commission on an order: a percentage of the goods after discount, rounded down. */
export function commissionEarned(afterDiscount: number, percentage: number): number {
  return Math.max(0, Math.floor((afterDiscount * percentage) / 100));
}

/** How long stock stays held for a payment under way; then the hold is released. */
export const PAYMENT_HOLD_MS = 30 * 60 * 1000;

export const CHECKOUT_MESSAGES = {
  emptyCart: "Your cart is empty",
  totalChanged: "Your order total changed. Please review it and pay again.",
  countryCurrency:
    "Orders in USD ship to the United States and orders in CAD to Canada. Switch the currency to change the country.",
  discountUsedUp: DISCOUNT_MESSAGES.usedUp,
  outOfStock: (title: string, left: number) =>
    left > 0 ? `Sorry, only ${left} of ${title} left` : `Sorry, ${title} is out of stock`,
  cardUnavailable: "Card payment is unavailable right now. Please try again later.",
  /** A store whose Stripe account is not connected yet, on a platform taking real payments. */
  cardNotSetUp:
    "This store cannot take card payments yet. Please contact the store to place your order.",
  cartChanged: "Your cart changed while you were paying. Please review it and pay again.",
  attemptEnded: "This payment attempt has ended. Please review your order and pay again.",
  replaced: "This checkout was replaced by a newer one. Please pay from the checkout page again.",
  keyInUse: "This Idempotency-Key belongs to another checkout",
  ownCode: DISCOUNT_MESSAGES.ownCode,
  chooseShipping: "Choose one of the shipping options offered",
  nothingToShip: "Nothing in your order needs shipping now. Please review it and pay again.",
  pointsChanged: "Your points balance changed. Please review your order and pay again.",
} as const;
