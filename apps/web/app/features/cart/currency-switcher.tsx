import { CURRENCY_OPTIONS, type Currency } from "@storefront/domain";
import { useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useCartStore } from "./cart-store";
import { useCart } from "./use-cart";

/**
 * The currencies the store sells in (USD, CAD): re-prices the cart on the server, then reloads
 * the page's prices. A store that sells in one currency shows no choice.
 */
export function CurrencySwitcher() {
  const cart = useCart();
  const setCurrency = useCartStore((s) => s.setCurrency);
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const root = useRouteLoaderData<{ currency: Currency; store: { currencies: Currency[] } }>(
    "root",
  );
  const current = cart?.currency ?? root?.currency ?? "usd";
  const sold = root?.store.currencies ?? CURRENCY_OPTIONS.map((o) => o.value);
  const options = CURRENCY_OPTIONS.filter((o) => sold.includes(o.value));
  if (options.length < 2) return null;
  return (
    <div className="currency-switcher">
      <label htmlFor="currency-select" className="visually-hidden">
        Currency
      </label>
      <select
        id="currency-select"
        value={current}
        onChange={async (e) => {
          const outcome = await setCurrency(e.target.value as Currency);
          setError(outcome.ok ? null : outcome.message);
          if (outcome.ok) await revalidator.revalidate();
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name} {option.symbol}
          </option>
        ))}
      </select>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
