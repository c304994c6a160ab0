import { formatMoney } from "@storefront/domain";
import { ErrorAlert } from "~/components/error-alert";
import { POSTAL_LABELS, REGION_LABELS } from "./address-labels";
import { useCheckout } from "./checkout-context";

/**
 * The shipping methods the quote offers for the address, as radio buttons; nothing when no line
 * of the cart is shipped.
 */
export function ShippingMethods({
  quoteError,
  error,
  onChoose,
}: {
  quoteError: string | null;
  error: string | null;
  onChoose(id: string): void;
}) {
  const taxable = useCheckout((s) => s.canCalculateTax);
  const options = useCheckout((s) => s.shippingOptions);
  const selected = useCheckout((s) => s.selectedShippingOption?.id ?? null);
  const calculating = useCheckout((s) => s.isTaxCalculating);
  const currency = useCheckout((s) => s.currency);
  const country = useCheckout((s) => s.address.country);
  const requiresShipping = useCheckout((s) => s.requiresShipping);
  // Nothing in the cart is shipped: there is no method to choose.
  if (!requiresShipping) return null;
  return (
    <fieldset className="checkout-section shipping-methods" aria-busy={calculating}>
      <legend>
        <h2>Shipping method</h2>
      </legend>
      {!taxable ? (
        <p className="checkout-hint">
          Enter your {REGION_LABELS[country].toLowerCase()} and {POSTAL_LABELS[country]} to see
          shipping options.
        </p>
      ) : options.length === 0 ? (
        calculating ? (
          <p className="checkout-hint">Finding shipping options…</p>
        ) : null
      ) : (
        <ul className="shipping-options">
          {options.map((option) => (
            <li key={option.id}>
              <label className="shipping-option">
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.id}
                  checked={selected === option.id}
                  onChange={() => onChoose(option.id)}
                />
                <span className="shipping-option-label">
                  {option.label}
                  {option.estimate ? (
                    <span className="shipping-option-estimate">{option.estimate}</span>
                  ) : null}
                </span>
                <span className="shipping-option-price">
                  {option.free || option.amount === 0
                    ? "Free"
                    : formatMoney(option.amount, currency)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <ErrorAlert className="inline-error" message={quoteError} />
      {error && taxable && options.length > 0 ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
