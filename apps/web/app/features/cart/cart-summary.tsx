import { type CartView, COUNTRY_WORDS, countryOfCurrency, formatMoney } from "@storefront/domain";
import { useState } from "react";
import { useCartStore } from "./cart-store";

/** The cart's discount code: a field to apply one, or the applied code with Remove. */
export function DiscountForm({ cart }: { cart: CartView }) {
  const applyCode = useCartStore((s) => s.applyCode);
  const removeCode = useCartStore((s) => s.removeCode);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (cart.activeDiscount) {
    return (
      <p className="discount-applied">
        Code <strong>{cart.activeDiscount.code.toUpperCase()}</strong> applied.{" "}
        <button type="button" className="link-button" onClick={() => void removeCode()}>
          Remove code
        </button>
      </p>
    );
  }
  return (
    <form
      className="discount-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const outcome = await applyCode(code);
        setBusy(false);
        setMessage(outcome.ok ? null : outcome.message);
        if (outcome.ok) setCode("");
      }}
    >
      <label htmlFor="discount-code">Discount code</label>
      <div className="discount-row">
        <input
          id="discount-code"
          name="code"
          value={code}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "discount-error" : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={busy}>
          Apply
        </button>
      </div>
      {message ? (
        <p id="discount-error" className="inline-error" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** Subtotal, discount code, discount, total and the progress to the store's free shipping. */
export function CartSummary({ cart }: { cart: CartView }) {
  const remaining = cart.freeShippingRemaining;
  const threshold = cart.freeShippingThreshold;
  const afterDiscount = cart.subtotal - cart.discount;
  const words = COUNTRY_WORDS[countryOfCurrency(cart.currency)];
  return (
    <div className="cart-summary">
      {remaining !== null && threshold !== null ? (
        <div className="free-shipping">
          <p>
            {remaining === 0
              ? `Your order ships free within ${words.place}.`
              : `Spend ${formatMoney(remaining, cart.currency)} more for free ${words.adjective} shipping.`}
          </p>
          {threshold > 0 ? (
            <progress max={threshold} value={Math.min(afterDiscount, threshold)}>
              {Math.round((Math.min(afterDiscount, threshold) / threshold) * 100)}%
            </progress>
          ) : null}
        </div>
      ) : null}
      <DiscountForm cart={cart} />
      <dl className="cart-totals">
        <dt>Subtotal</dt>
        <dd>{formatMoney(cart.subtotal, cart.currency)}</dd>
        {cart.discount > 0 ? (
          <>
            <dt>Discount</dt>
            <dd>−{formatMoney(cart.discount, cart.currency)}</dd>
          </>
        ) : null}
        <dt className="cart-total-label">Total</dt>
        <dd className="cart-total">{formatMoney(cart.totalCost, cart.currency)}</dd>
      </dl>
      <p className="cart-note">Shipping and tax are calculated at checkout.</p>
    </div>
  );
}
