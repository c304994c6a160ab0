import { type CartView, FREE_SHIPPING_THRESHOLD_USD, formatMoney } from "@storefront/domain";
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

/** Subtotal, discount code, discount, total and the free US shipping progress. */
export function CartSummary({ cart }: { cart: CartView }) {
  const remaining = cart.freeShippingRemaining;
  const afterDiscount = cart.subtotal - cart.discount;
  return (
    <div className="cart-summary">
      {remaining !== null ? (
        <div className="free-shipping">
          <p>
            {remaining === 0
              ? "Your order ships free within the USA."
              : `Spend ${formatMoney(remaining, "usd")} more for free US shipping.`}
          </p>
          <progress
            max={FREE_SHIPPING_THRESHOLD_USD}
            value={Math.min(afterDiscount, FREE_SHIPPING_THRESHOLD_USD)}
          >
            {Math.round((afterDiscount / FREE_SHIPPING_THRESHOLD_USD) * 100)}%
          </progress>
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
