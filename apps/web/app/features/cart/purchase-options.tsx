import {
  type Currency,
  formatMoney,
  type SubscriptionPlan,
  subscriptionOffer,
  type Variant,
} from "@storefront/domain";
import { useId } from "react";

/**
 * "One-time purchase" or one of the product's plans ("Subscribe & save 10% — Deliver every
 * month"), each with the chosen variant's price: a native radio group, so Tab reaches it and the
 * arrow keys move the choice. `value` is the plan's subscription_id, null for a one-time purchase.
 * Nothing shows for a product without plans.
 */
export function PurchaseOptions({
  plans,
  variant,
  currency,
  value,
  disabled = false,
  onChange,
}: {
  plans: readonly SubscriptionPlan[];
  variant: Variant | undefined;
  currency: Currency;
  value: string | null;
  disabled?: boolean;
  onChange(subscriptionId: string | null): void;
}) {
  const name = useId();
  if (plans.length === 0) return null;
  const options = [
    { id: null, title: "One-time purchase", price: variant?.product_price },
    ...plans.map((plan) => ({
      id: plan.subscription_id,
      title: `${subscriptionOffer(plan.discount_percentage)} — ${plan.label}`,
      price: variant?.subscriptions.find((s) => s.subscription_id === plan.subscription_id)
        ?.subscription_price,
    })),
  ];
  return (
    <fieldset className="purchase-options" disabled={disabled}>
      <legend>Purchase options</legend>
      {options.map((option) => (
        <label key={option.id ?? ""} className="purchase-option">
          <input
            type="radio"
            name={name}
            value={option.id ?? ""}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
          />
          <span className="purchase-option-title">{option.title}</span>
          {option.price !== undefined ? (
            <span className="purchase-option-price">{formatMoney(option.price, currency)}</span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
