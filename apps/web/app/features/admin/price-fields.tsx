import type { Currency } from "@storefront/domain";

/** A variant's price fields, one for each of `currencies`, as typed ("39.95"). */
export function PriceFields({
  id,
  currencies,
  prices,
  onChange,
}: {
  /** The fields' ids start with it: `${id}-usd`. */
  id: string;
  currencies: readonly Currency[];
  prices: Readonly<Record<string, string>>;
  onChange: (currency: Currency, value: string) => void;
}) {
  return currencies.map((currency) => (
    <div className="admin-field" key={currency}>
      <label htmlFor={`${id}-${currency}`}>Price {currency.toUpperCase()}</label>
      <input
        id={`${id}-${currency}`}
        inputMode="decimal"
        size={8}
        value={prices[currency] ?? ""}
        onChange={(e) => onChange(currency, e.target.value)}
      />
    </div>
  ));
}
