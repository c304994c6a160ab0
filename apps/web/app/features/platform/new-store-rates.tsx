import { COUNTRY_NAMES, type Country, currencyOfCountry } from "@storefront/domain";
import type { Dispatch, SetStateAction } from "react";
import { RATES } from "./new-store-input";

/**
 * What the new store charges for shipping in each country it ships to: each rate, and the spend
 * from which it is free.
 */
export function ShippingRatesFields({
  countries,
  amounts,
  setAmounts,
  freeFrom,
  setFreeFrom,
}: {
  countries: Country[];
  amounts: string[];
  setAmounts: Dispatch<SetStateAction<string[]>>;
  freeFrom: Record<Country, string>;
  setFreeFrom: Dispatch<SetStateAction<Record<Country, string>>>;
}) {
  return (
    <fieldset>
      <legend>Shipping rates</legend>
      {RATES.map((rate, i) =>
        countries.includes(rate.country) ? (
          <label key={`${rate.country}-${rate.id}`}>
            {`${COUNTRY_NAMES[rate.country]}, ${rate.label} (${currencyOfCountry(rate.country).toUpperCase()})`}
            <input
              inputMode="decimal"
              required
              value={amounts[i]}
              onChange={(e) =>
                setAmounts((all) => all.map((a, j) => (j === i ? e.target.value : a)))
              }
            />
          </label>
        ) : null,
      )}
      {countries.map((country) => (
        <label key={`free-${country}`}>
          {`${COUNTRY_NAMES[country]}, free shipping from (${currencyOfCountry(country).toUpperCase()})`}
          <small>The least an order spends after discounts; empty: never free</small>
          <input
            inputMode="decimal"
            value={freeFrom[country]}
            onChange={(e) => setFreeFrom((all) => ({ ...all, [country]: e.target.value }))}
          />
        </label>
      ))}
      <p>The policy pages quote these rates.</p>
    </fieldset>
  );
}

/** The new store's tax table of each country it ships to, one region a line. */
export function TaxRatesFields({
  countries,
  taxes,
  setTaxes,
}: {
  countries: Country[];
  taxes: Record<Country, string>;
  setTaxes: Dispatch<SetStateAction<Record<Country, string>>>;
}) {
  return (
    <fieldset>
      <legend>Tax rates</legend>
      {countries.map((country) => (
        <label key={country}>
          {`${COUNTRY_NAMES[country]}, in percent`}
          <small>One region a line, e.g. "NY: Sales tax 4" or "BC: GST 5, PST 7"</small>
          <textarea
            rows={4}
            value={taxes[country]}
            onChange={(e) => setTaxes((all) => ({ ...all, [country]: e.target.value }))}
          />
        </label>
      ))}
    </fieldset>
  );
}
