import { type Currency, formatMoney, POPUP_MAX_QUANTITY, STOCK_MESSAGE } from "@storefront/domain";
import { type Ref, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { QuantityStepper } from "~/components/quantity-stepper";
import { type CartOutcome, useCartStore } from "./cart-store";

/** How long the button stays busy after an add before `onAdded` (the popup closes) — spec: 1.5 s. */
export const ADDED_DELAY_MS = 1_500;

/**
 * What one add to the cart goes through, for a plain item and a bundle alike: busy, then the
 * cart's refusal inline, or a notice when the cart charges another price than the one shown,
 * or `onAdded` 1.5 s later.
 *
 * With `onAdded` (the quick view), the cart drawer opens only once the popup has closed: two
 * modal dialogs are never open at once, and the drawer, closed, gives the focus back to what
 * opened the popup.
 */
export function useAddFlow({
  onAdded,
  onPriceChanged,
}: {
  onAdded?: (() => void) | undefined;
  onPriceChanged?: (() => void) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /**
   * `add` sends the item (opening the drawer when told to); `charged` then reads, from the
   * cart's answer, the price it charges when it is not the one shown (null when they agree).
   */
  async function run(
    add: (openDrawer: boolean) => Promise<CartOutcome>,
    charged: () => { amount: number; currency: Currency } | null,
  ): Promise<void> {
    setBusy(true);
    setError(null);
    setNotice(null);
    const outcome = await add(onAdded === undefined);
    if (!outcome.ok) {
      setBusy(false);
      setError(outcome.message);
      return;
    }
    const changed = charged();
    if (changed) {
      // The shopper must see what the cart charges: the page reads the product again, and the
      // popup stays open to say so.
      setBusy(false);
      setNotice(
        `The price has changed since this page was loaded: your cart has it at ${formatMoney(changed.amount, changed.currency)} each.`,
      );
      onPriceChanged?.();
      return;
    }
    timer.current = setTimeout(() => {
      setBusy(false);
      if (!onAdded) return;
      // The popup's dialog closes now (its focus goes back to the button that opened it), and
      // only then does the drawer open.
      flushSync(onAdded);
      useCartStore.getState().setDrawerOpen(true);
    }, ADDED_DELAY_MS);
  }

  return { busy, error, notice, setError, setNotice, run };
}

/**
 * Under the Add to cart row: the last refusal, else the stock message while the quantity passes
 * the stock (`short`, and not sold out: the button says that), and a price-change notice.
 */
export function AddMessages({
  error,
  short,
  notice,
}: {
  error: string | null;
  short: boolean;
  notice: string | null;
}) {
  return (
    <>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : short ? (
        <p className="inline-error" role="alert">
          {STOCK_MESSAGE}
        </p>
      ) : null}
      {notice ? (
        <p className="add-to-cart-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

interface AddButtonState {
  busy: boolean;
  unavailable: boolean;
  outOfStock: boolean;
  choosing?: boolean;
  onAdd(): void;
}

/**
 * Add to cart: busy while adding, says Unavailable without an item and Out of Stock past the
 * stock, and is disabled then and while the shopper has not finished choosing (`choosing`). The
 * add row's, and a product page's buy bar's.
 */
export function AddButton({
  busy,
  unavailable,
  outOfStock,
  choosing = false,
  onAdd,
}: AddButtonState) {
  return (
    <button
      type="button"
      className="button add-to-cart-button"
      disabled={unavailable || choosing || busy || outOfStock}
      aria-busy={busy}
      onClick={onAdd}
    >
      {busy ? "Adding…" : unavailable ? "Unavailable" : outOfStock ? "Out of Stock" : "Add to cart"}
    </button>
  );
}

/** The quantity and Add to cart, one row (the quick view's sheet keeps it in sight). */
export function AddRow({
  quantity,
  onQuantity,
  withQuantity = true,
  ref,
  ...button
}: AddButtonState & {
  quantity: number;
  onQuantity(quantity: number): void;
  /** False for what is sold one at a time: no quantity to choose. */
  withQuantity?: boolean;
  /** The row's element (the product page's buy bar watches it). */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div className="add-to-cart-row" ref={ref}>
      {withQuantity ? (
        <QuantityStepper
          label="Quantity"
          value={quantity}
          max={POPUP_MAX_QUANTITY}
          disabled={button.busy}
          typeable
          onChange={onQuantity}
        />
      ) : null}
      <AddButton {...button} />
    </div>
  );
}
