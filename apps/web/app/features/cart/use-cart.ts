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

/**
 * Seeds the browser's copy once, after hydration: from the rendered page, or, on a page rendered
 * for every visitor (it holds no cart), from the server.
 */
export function useSeedCart(): void {
  const root = useRouteLoaderData<{ cart: CartView | null; personal: boolean }>("root");
  const rendered = root?.cart ?? null;
  const personal = root?.personal ?? true;
  useEffect(() => {
    const cart = useCartStore.getState();
    if (cart.cart !== null) return;
    if (rendered) useCartStore.setState({ cart: rendered });
    else if (!personal) void cart.load({ ifUnknown: true });
  }, [rendered, personal]);
}
