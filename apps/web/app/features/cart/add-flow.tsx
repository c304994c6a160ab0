import { type Currency, formatMoney, STOCK_MESSAGE } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import type { CartOutcome } from "./cart-store";

/** How long the button stays busy after an add before `onAdded` (the popup closes) — spec: 1.5 s. */
export const ADDED_DELAY_MS = 1_500;

/**
 * What one add to the cart goes through, for a plain item and a bundle alike: busy, then the
 * cart's refusal inline, or a notice when the cart charges another price than the one shown,
 * or `onAdded` 1.5 s later.
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
   * `add` sends the item; `charged` then reads, from the cart's answer, the price it charges
   * when it is not the one shown (null when they agree).
   */
  async function run(
    add: () => Promise<CartOutcome>,
    charged: () => { amount: number; currency: Currency } | null,
  ): Promise<void> {
    setBusy(true);
    setError(null);
    setNotice(null);
    const outcome = await add();
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
      onAdded?.();
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
