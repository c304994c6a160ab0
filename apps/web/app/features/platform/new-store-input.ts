import {
  COUNTRIES,
  COUNTRY_NAMES,
  type Country,
  type Currency,
  currencyOfCountry,
  DEFAULT_CHECKOUT_SETTINGS,
  minorUnitsOf,
  type NewStoreInput,
  parseTaxText,
} from "@storefront/domain";

/** The rates a new store starts from (typed over on the form): the default settings' ones. */
export const RATES = COUNTRIES.flatMap((country) =>
  DEFAULT_CHECKOUT_SETTINGS.shipping[country].map((rate) => ({ country, ...rate })),
);

/** The form's single fields, as typed. */
export interface NewStoreValues {
  id: string;
  brandName: string;
  hosts: string;
  ownerEmail: string;
  defaultCurrency: string;
  primary: string;
  headingFont: string;
  bodyFont: string;
}

/** What the new-store form holds, as typed: its fields, its rates (by RATES' order) and taxes. */
export interface NewStoreDraft {
  values: NewStoreValues;
  currencies: Currency[];
  amounts: string[];
  freeFrom: Record<Country, string>;
  taxes: Record<Country, string>;
}

/** A store ships to the countries of the currencies it sells in. */
export function countriesOf(currencies: readonly Currency[]): Country[] {
  return COUNTRIES.filter((c) => currencies.includes(currencyOfCountry(c)));
}

/** The draft as the API takes a new store, or the first thing to fix, in words. */
export function newStoreInput(draft: NewStoreDraft): NewStoreInput | string {
  const { values, currencies, amounts, freeFrom, taxes } = draft;
  const countries = countriesOf(currencies);
  if (currencies.length === 0) return "Choose at least one currency the store sells in";
  const parsed = amounts.map(minorUnitsOf);
  if (parsed.some((a, i) => a === null && RATES[i] && countries.includes(RATES[i].country))) {
    return "Shipping rates are amounts such as 7.95";
  }
  const freeShipping: NonNullable<NewStoreInput["freeShipping"]> = {};
  for (const country of countries) {
    const typed = freeFrom[country].trim();
    if (typed === "") continue;
    const amount = minorUnitsOf(typed);
    if (amount === null) {
      return `${COUNTRY_NAMES[country]} free shipping: an amount such as 149.00, or empty for none`;
    }
    freeShipping[country] = amount;
  }
  const tax: NonNullable<NewStoreInput["tax"]> = {};
  for (const country of countries) {
    const read = parseTaxText(taxes[country], country);
    if ("error" in read) return `${COUNTRY_NAMES[country]} tax: ${read.error}`;
    tax[country] = read.rates;
  }
  const shipping: NonNullable<NewStoreInput["shipping"]> = { US: [], CA: [] };
  RATES.forEach((rate, i) => {
    if (!countries.includes(rate.country)) return;
    shipping[rate.country].push({
      id: rate.id,
      label: rate.label,
      estimate: rate.estimate,
      amount: parsed[i] ?? 0,
    });
  });
  const defaultCurrency = currencies.includes(values.defaultCurrency as Currency)
    ? (values.defaultCurrency as Currency)
    : (currencies[0] as Currency);
  return {
    id: values.id.trim(),
    brandName: values.brandName,
    hosts: values.hosts.split(/[\s,]+/).filter(Boolean),
    ownerEmail: values.ownerEmail,
    defaultCurrency,
    currencies,
    theme: {
      primary: values.primary,
      headingFont: values.headingFont,
      bodyFont: values.bodyFont,
    },
    shipping,
    freeShipping,
    tax,
  };
}
