import type { CartView } from "@storefront/domain";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useStore } from "zustand";
import { type CheckoutState, type CheckoutStore, createCheckoutStore } from "./checkout-store";

const CheckoutContext = createContext<CheckoutStore | null>(null);

/**
 * The browser keeps one checkout per tab and per shopper, so what was typed survives a visit to
 * the cart; a different shopper (sign-in, sign-out) starts afresh. A server render always makes
 * its own: a shared one would mix visitors.
 */
let kept: { shopper: string; store: CheckoutStore } | undefined;

function checkoutStoreFor(init: {
  cart: CartView;
  email: string;
  name: string;
  pointsBalance: number;
}): CheckoutStore {
  if (typeof document === "undefined") return createCheckoutStore(init);
  if (kept?.shopper !== init.email)
    kept = { shopper: init.email, store: createCheckoutStore(init) };
  return kept.store;
}

export function CheckoutProvider({
  cart,
  email,
  name,
  pointsBalance,
  store: given,
  children,
}: {
  cart: CartView;
  /** The signed-in shopper's, else empty. */
  email: string;
  name: string;
  /** The signed-in shopper's loyalty points, else 0. */
  pointsBalance: number;
  /** A store made by the caller (tests); else the tab's. */
  store?: CheckoutStore;
  children: ReactNode;
}) {
  const [store] = useState(() => given ?? checkoutStoreFor({ cart, email, name, pointsBalance }));
  // The cart can change while the page is open (the drawer, the currency): the totals follow.
  useEffect(() => store.getState().syncCart(cart), [store, cart]);
  // A shopper who signs in on this page gets their name and email filled in.
  useEffect(() => {
    const state = store.getState();
    if (email && !state.email) state.setContact({ email });
    if (name && !state.name) state.setContact({ name });
  }, [store, email, name]);
  useEffect(() => {
    if (store.getState().pointsBalance !== pointsBalance) {
      store.getState().setPointsBalance(pointsBalance);
    }
  }, [store, pointsBalance]);
  return <CheckoutContext value={store}>{children}</CheckoutContext>;
}

export function useCheckoutStore(): CheckoutStore {
  const store = useContext(CheckoutContext);
  if (!store) throw new Error("useCheckoutStore needs a CheckoutProvider");
  return store;
}

export function useCheckout<T>(selector: (state: CheckoutState) => T): T {
  return useStore(useCheckoutStore(), selector);
}
