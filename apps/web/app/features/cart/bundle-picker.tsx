import {
  BUNDLE_MESSAGES,
  beyondStock,
  bundleSaving,
  formatMoney,
  type Product,
  type ProductBundle,
  STOCK_MESSAGE,
} from "@storefront/domain";
import { useId, useState } from "react";
import { itemName } from "~/components/bundle-contents";
import { AddMessages, AddRow, useAddFlow } from "./add-flow";
import { changedPrice } from "./add-to-cart";
import { useCartStore } from "./cart-store";

type Choice = ProductBundle["choices"][number];

/**
 * Whether `quantity` bundles can have `choice` in slot `slot` beside what the other slots hold
 * of it (the same variant may fill several slots, and each takes its stock).
 * @example choiceFits(["A", ""], 1, { sku: "A", total_stock: 3 }, 2) // false: 2 × 2 > 3
 */
export function choiceFits(
  slots: readonly string[],
  slot: number,
  choice: Pick<Choice, "sku" | "total_stock">,
  quantity: number,
): boolean {
  const elsewhere = slots.filter((sku, i) => i !== slot && sku === choice.sku).length;
  return (elsewhere + 1) * quantity <= choice.total_stock;
}

/**
 * A bundle's picker, in place of the attribute pickers (product page and quick view): one
 * labelled dropdown per slot ("Item 1 of 2") listing the bundle's choices, none chosen at first;
 * a choice the other slots leave too little stock of is disabled. Once every slot is filled it
 * says what the bundle saves. Then quantity and Add to cart, as for a plain product: disabled
 * until every slot is filled, and refusals show inline in red.
 */
export function BundlePicker({
  product,
  bundle,
  onAdded,
  onPriceChanged,
}: {
  /** The bundle product: its handle is the bundle's id, its one variant the bundle itself. */
  product: Pick<Product, "handle" | "currency" | "variants">;
  bundle: ProductBundle;
  onAdded?(): void;
  /** The cart charges another price than the one shown: read the product again. */
  onPriceChanged?(): void;
}) {
  const add = useCartStore((s) => s.add);
  const id = useId();
  const [slots, setSlots] = useState<string[]>(() =>
    Array.from({ length: bundle.slots }, () => ""),
  );
  const [quantity, setQuantity] = useState(1);
  const { busy, error, notice, setError, run } = useAddFlow({ onAdded, onPriceChanged });

  const variant = product.variants[0];
  // The bundle's own stock is how many its choices' stock can fill: none, and the button says so.
  const soldOut = variant !== undefined && variant.total_stock <= 0;
  const filled = slots.every((sku) => sku !== "") ? slots : null;
  const stockOf = (sku: string) => bundle.choices.find((c) => c.sku === sku)?.total_stock ?? 0;
  const short =
    filled !== null &&
    beyondStock(
      [{ sku: variant?.sku ?? "", bundle_id: product.handle, skus_selected: filled, quantity }],
      stockOf,
    ) !== undefined;
  const saving =
    filled && variant
      ? bundleSaving(
          variant.product_price,
          filled,
          new Map(bundle.choices.map((c) => [c.sku, c.price])),
        )
      : null;

  function choose(slot: number, sku: string) {
    setSlots((current) => current.map((s, i) => (i === slot ? sku : s)));
    setError(null);
  }

  async function submit() {
    if (!variant || !filled) return;
    if (short) {
      setError(STOCK_MESSAGE);
      return;
    }
    await run(
      (openDrawer) =>
        add({ bundle_id: product.handle, skus_selected: filled, quantity }, openDrawer),
      () => changedPrice(useCartStore.getState().cart, variant, null, product.currency),
    );
  }

  // A fragment: the quick view's sheet keeps the Add to cart row of its own column in sight.
  return (
    <>
      <fieldset className="bundle-picker" disabled={busy}>
        <legend>{BUNDLE_MESSAGES.fill(bundle.slots)}</legend>
        {slots.map((chosen, slot) => {
          const controlId = `${id}-slot-${slot}`;
          return (
            <div key={controlId} className="field">
              <label htmlFor={controlId}>{`Item ${slot + 1} of ${bundle.slots}`}</label>
              <select
                id={controlId}
                value={chosen}
                required
                onChange={(e) => choose(slot, e.target.value)}
              >
                <option value="" disabled>
                  Choose an item
                </option>
                {bundle.choices.map((choice) => {
                  const fits = choiceFits(slots, slot, choice, quantity);
                  return (
                    // The chosen one stays selectable: the stock message says what is wrong.
                    <option
                      key={choice.sku}
                      value={choice.sku}
                      disabled={!fits && choice.sku !== chosen}
                    >
                      {`${itemName(choice.title, choice.attributes)}${fits ? "" : " — Out of stock"}`}
                    </option>
                  );
                })}
              </select>
            </div>
          );
        })}
      </fieldset>
      <p className="bundle-saving" aria-live="polite">
        {saving ? `You save ${formatMoney(saving, product.currency)}` : null}
      </p>
      <div className="add-to-cart">
        <AddRow
          quantity={quantity}
          onQuantity={(q) => {
            setQuantity(q);
            setError(null);
          }}
          busy={busy}
          unavailable={!variant}
          outOfStock={short || soldOut}
          choosing={!filled}
          onAdd={submit}
        />
        <AddMessages error={error} short={short} notice={notice} />
      </div>
    </>
  );
}
