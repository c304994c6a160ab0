import { type CartView, lineKey } from "@storefront/domain";
import { useCallback, useEffect, useState } from "react";
import { useCartStore } from "~/features/cart";
import { fetchQuote } from "./checkout-api";
import { useCheckout, useCheckoutStore } from "./checkout-context";

/** Typing a postal code asks for one quote once the shopper pauses, not one per key. */
export const QUOTE_DEBOUNCE_MS = 400;

/** What the cart holds that a quote depends on. */
function cartKey(cart: CartView): string {
  // lineKey: two lines of one bundle with other contents are two lines.
  const lines = cart.cartItems.map((l) => `${lineKey(l)}x${l.quantity}`).join(",");
  return `${cart.currency}|${cart.subtotal}|${cart.discount}|${lines}`;
}

/**
 * Quotes shipping and tax (POST /api/checkout/quote) whenever `canCalculateTax` holds and the
 * country, region, postal code, the choice to spend points or the cart changed, after a pause;
 * `requote` asks again (a shipping option was chosen, or the server said the total changed). `isTaxCalculating` is true from the
 * change until the answer.
 */
export function useQuote(cart: CartView): { quoteError: string | null; requote(): void } {
  const store = useCheckoutStore();
  const loadCart = useCartStore((s) => s.load);
  const taxable = useCheckout((s) => s.canCalculateTax);
  const country = useCheckout((s) => s.address.country);
  const region = useCheckout((s) => s.address.region);
  const postalCode = useCheckout((s) => s.address.postalCode.trim().toUpperCase());
  const usePoints = useCheckout((s) => s.usePoints);
  const [nonce, setNonce] = useState(0);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const requote = useCallback(() => setNonce((n) => n + 1), []);
  const taxKey = taxable ? `${country}|${region}|${postalCode}|${usePoints}` : null;
  const forCart = cartKey(cart);

  // biome-ignore lint/correctness/useExhaustiveDependencies: forCart and nonce are the triggers; the request reads the store when it runs.
  useEffect(() => {
    setQuoteError(null);
    if (taxKey === null) return;
    let cancelled = false;
    store.getState().setTaxCalculating(true);
    const timer = setTimeout(async () => {
      const outcome = await fetchQuote(store.getState());
      if (cancelled) return;
      if (outcome.ok) {
        store.getState().applyQuote(outcome.quote);
        return;
      }
      store.getState().setTaxCalculating(false);
      setQuoteError(outcome.message);
      // 409: the cart was emptied or changed elsewhere; show it as it is now.
      if (outcome.status === 409) void loadCart();
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [taxKey, forCart, nonce, store, loadCart]);

  return { quoteError, requote };
}
