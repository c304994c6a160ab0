import { CURRENCY_OPTIONS, type Currency } from "@storefront/domain";
import { useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useCartStore } from "./cart-store";
import { useCart } from "./use-cart";

/** USD or CAD: re-prices the cart on the server, then reloads the page's prices. */
export function CurrencySwitcher() {
  const cart = useCart();
  const setCurrency = useCartStore((s) => s.setCurrency);
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const rendered = useRouteLoaderData<{ currency: Currency }>("root")?.currency;
  const current = cart?.currency ?? rendered ?? "usd";
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
        {CURRENCY_OPTIONS.map((option) => (
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
