import {
  type CartView,
  type Currency,
  type Product,
  STOCK_MESSAGE,
  type Variant,
} from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { AddButton, AddMessages, AddRow, useAddFlow } from "./add-flow";
import { BuyBar } from "./buy-bar";
import { useCartStore } from "./cart-store";
import { PurchaseOptions } from "./purchase-options";

export { ADDED_DELAY_MS } from "./add-flow";

/**
 * The unit price the cart now charges for the line just added, when it is not the one the page
 * showed (a price changed since the page was loaded, or the page is in another currency); null
 * when they agree. A bundle's line has the bundle's own sku and no plan, and every selection of
 * one bundle has its price.
 */
export function changedPrice(
  cart: CartView | null,
  variant: Variant,
  subscriptionId: string | null,
  shownCurrency: Currency | undefined,
): { amount: number; currency: Currency } | null {
  const line = cart?.cartItems.find(
    (l) => l.sku === variant.sku && (l.subscription?.subscription_id ?? null) === subscriptionId,
  );
  if (!cart || !line) return null;
  // A line's product_price is its unit price: the plan's price for a subscription line.
  const charged = line.product_price;
  const shown =
    subscriptionId === null
      ? variant.product_price
      : variant.subscriptions.find((s) => s.subscription_id === subscriptionId)?.subscription_price;
  const sameCurrency = shownCurrency === undefined || shownCurrency === cart.currency;
  return charged === shown && sameCurrency ? null : { amount: charged, currency: cart.currency };
}

/**
 * The purchase option (once, or on one of `product`'s subscription plans), quantity (1 to 99)
 * and the add-to-cart button, shared by the quick-view popup and the product page. Disabled
 * without a variant, while busy, or when stock is too low ('Out of Stock'). Refusals (stock,
 * cart full, line limit) show inline in red. On the product page (`buyBar`, the product's title)
 * a phone also gets a bar with the same button while this one is out of view.
 */
export function AddToCart({
  variant,
  product,
  onAdded,
  onPriceChanged,
  buyBar,
}: {
  variant: Variant | undefined;
  /** The product's currency and plans; without it (or plans) the item is bought once. */
  product?: Pick<Product, "currency" | "subscription_plans">;
  onAdded?(): void;
  /** The cart charges another price than the one shown: read the product again. */
  onPriceChanged?(): void;
  /** The product's title, for the buy bar of a product page on a phone; none in the quick view. */
  buyBar?: string;
}) {
  // The add row: while it is out of view, a phone's product page shows its buy bar.
  const row = useRef<HTMLDivElement>(null);
  const add = useCartStore((s) => s.add);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [chosenQuantity, setQuantity] = useState(1);
  const { busy, error, notice, setError, setNotice, run } = useAddFlow({
    onAdded,
    onPriceChanged,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new variant clears the last message.
  useEffect(() => {
    setError(null);
    setNotice(null);
  }, [variant?.sku]);

  // Sold one at a time: a quantity chosen on another variant does not carry over.
  const quantity = variant?.requires_shipping === false ? 1 : chosenQuantity;
  const outOfStock = variant !== undefined && variant.total_stock < quantity;
  const soldOut = variant !== undefined && variant.total_stock <= 0;

  async function submit() {
    if (!variant) return;
    if (variant.total_stock < quantity) {
      setError(STOCK_MESSAGE);
      return;
    }
    await run(
      (openDrawer) =>
        add(
          {
            sku: variant.sku,
            quantity,
            ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
          },
          openDrawer,
        ),
      () => changedPrice(useCartStore.getState().cart, variant, subscriptionId, product?.currency),
    );
  }

  // The price the bar shows: the chosen plan's, else the variant's.
  const plan = variant?.subscriptions.find((s) => s.subscription_id === subscriptionId);
  const barPrice =
    variant && product
      ? { amount: plan?.subscription_price ?? variant.product_price, currency: product.currency }
      : null;

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
      {/* What is never shipped (a digital plan, a service) is sold one at a time. */}
      <AddRow
        quantity={quantity}
        onQuantity={(q) => {
          setQuantity(q);
          setError(null);
        }}
        withQuantity={variant?.requires_shipping !== false}
        busy={busy}
        unavailable={!variant}
        outOfStock={outOfStock}
        onAdd={submit}
        ref={row}
      />
      <AddMessages error={error} short={outOfStock && !soldOut} notice={notice} />
      {buyBar !== undefined ? (
        <BuyBar
          watch={row}
          title={buyBar}
          price={barPrice}
          quantity={quantity}
          // The refusal is announced by the purchase box's own alert; the bar shows it too.
          message={error}
        >
          <AddButton busy={busy} unavailable={!variant} outOfStock={outOfStock} onAdd={submit} />
        </BuyBar>
      ) : null}
    </div>
  );
}
