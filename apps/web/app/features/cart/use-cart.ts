import type { CartView } from "@storefront/domain";
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { useCartStore } from "./cart-store";

/**
 * The cart to show: the browser's copy once it exists, else the one the page was rendered with
 * (root loader). The shared store is never written on the server, where it would be shared
 * between visitors.
 */
export function useCart(): CartView | null {
  const rendered = useRouteLoaderData<{ cart: CartView | null }>("root")?.cart ?? null;
  const current = useCartStore((s) => s.cart);
  return current ?? rendered;
}

/** Seeds the browser's copy from the rendered page once, after hydration. */
export function useSeedCart(): void {
  const rendered = useRouteLoaderData<{ cart: CartView | null }>("root")?.cart ?? null;
  useEffect(() => {
    if (rendered && useCartStore.getState().cart === null)
      useCartStore.setState({ cart: rendered });
  }, [rendered]);
}
