import { POPUP_MAX_QUANTITY, type Product, STOCK_MESSAGE, type Variant } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { QuantityStepper } from "~/components/quantity-stepper";
import { useCartStore } from "./cart-store";
import { PurchaseOptions } from "./purchase-options";

/** How long the button stays busy after an add before `onAdded` (the popup closes) — spec: 1.5 s. */
export const ADDED_DELAY_MS = 1_500;

/**
 * The purchase option (once, or on one of `product`'s subscription plans), quantity (1 to 99)
 * and the add-to-cart button, shared by the quick-view popup and the product page. Disabled
 * without a variant, while busy, or when stock is too low ('Out of Stock'). Refusals (stock,
 * cart full, line limit) show inline in red.
 */
export function AddToCart({
  variant,
  product,
  onAdded,
}: {
  variant: Variant | undefined;
  /** The product's currency and plans; without it (or plans) the item is bought once. */
  product?: Pick<Product, "currency" | "subscription_plans">;
  onAdded?(): void;
}) {
  const add = useCartStore((s) => s.add);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new variant clears the last message.
  useEffect(() => setError(null), [variant?.sku]);

  const outOfStock = variant !== undefined && variant.total_stock < quantity;
  const soldOut = variant !== undefined && variant.total_stock <= 0;

  async function submit() {
    if (!variant) return;
    if (variant.total_stock < quantity) {
      setError(STOCK_MESSAGE);
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await add(variant.sku, quantity, subscriptionId);
    if (!outcome.ok) {
      setBusy(false);
      setError(outcome.message);
      return;
    }
    timer.current = setTimeout(() => {
      setBusy(false);
      onAdded?.();
    }, ADDED_DELAY_MS);
  }

  return (
    <div className="add-to-cart">
      {product ? (
        <PurchaseOptions
          plans={product.subscription_plans}
          variant={variant}
          currency={product.currency}
          value={subscriptionId}
          disabled={busy}
          onChange={(id) => {
            setSubscriptionId(id);
            setError(null);
          }}
        />
      ) : null}
      <QuantityStepper
        label="Quantity"
        value={quantity}
        max={POPUP_MAX_QUANTITY}
        disabled={busy}
        onChange={(q) => {
          setQuantity(q);
          setError(null);
        }}
      />
      <button
        type="button"
        className="button add-to-cart-button"
        disabled={!variant || busy || outOfStock}
        aria-busy={busy}
        onClick={submit}
      >
        {busy
          ? "Adding…"
          : !variant
            ? "Unavailable"
            : soldOut || outOfStock
              ? "Out of Stock"
              : "Add to cart"}
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : outOfStock && !soldOut ? (
        <p className="inline-error" role="alert">
          {STOCK_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
