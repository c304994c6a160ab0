import type { CartView, Currency, NotMergedLine } from "@storefront/domain";
import { create } from "zustand";
import { ApiError, apiRequest } from "~/lib/api-client";

/** What a cart action ends with: done, or refused with a message to show inline. */
export type CartOutcome = { ok: true } | { ok: false; message: string };

/** A cart line: a sku's plain line, or its line on a plan (`subscription`). */
export interface CartLineRef {
  sku: string;
  subscription: { subscription_id: string } | null;
}

/** The API path of one line: ?subscription_id= names a subscription line. */
function linePath({ sku, subscription }: CartLineRef): string {
  const path = `/api/cart/items/${encodeURIComponent(sku)}`;
  return subscription
    ? `${path}?subscription_id=${encodeURIComponent(subscription.subscription_id)}`
    : path;
}

interface CartState {
  cart: CartView | null;
  drawerOpen: boolean;
  /** A message from the last failed action shown in the drawer or cart page. */
  error: string | null;
  /** Lines of a guest cart that could not join the account's cart at sign-in. */
  notMerged: NotMergedLine[];
  load(): Promise<void>;
  /** `subscriptionId`: the plan's code for a subscription line; null buys once. */
  add(sku: string, quantity: number, subscriptionId?: string | null): Promise<CartOutcome>;
  /** `openDrawer` false where the cart is already on screen (the cart page). */
  update(line: CartLineRef, quantity: number, openDrawer?: boolean): Promise<CartOutcome>;
  remove(line: CartLineRef, openDrawer?: boolean): Promise<CartOutcome>;
  clear(): Promise<CartOutcome>;
  applyCode(code: string): Promise<CartOutcome>;
  removeCode(): Promise<CartOutcome>;
  setCurrency(currency: Currency): Promise<CartOutcome>;
  setDrawerOpen(open: boolean): void;
}

/**
 * The browser's copy of the cart. The server is the authority: every change is sent, and the
 * answer replaces the copy, so prices and limits are always the server's.
 */
export const useCartStore = create<CartState>((set) => {
  /**
   * Sends one change. `showError`: put a refusal in the shared `error` (for line changes, which
   * have no message spot of their own); the popup and the code form show theirs next to them.
   */
  async function write(
    method: string,
    path: string,
    body: unknown,
    options: { openDrawer: boolean; showError: boolean },
  ): Promise<CartOutcome> {
    try {
      const cart = await apiRequest<CartView>(method, path, body);
      set((state) => ({ cart, error: null, drawerOpen: options.openDrawer || state.drawerOpen }));
      return { ok: true };
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "Something went wrong.";
      if (options.showError) set({ error: message });
      return { ok: false, message };
    }
  }
  const own = { openDrawer: false, showError: false };
  return {
    cart: null,
    drawerOpen: false,
    error: null,
    notMerged: [],
    async load() {
      try {
        set({ cart: await apiRequest<CartView>("GET", "/api/cart") });
      } catch (error) {
        set({ error: error instanceof ApiError ? error.message : "Could not load your cart." });
      }
    },
    add: (sku, quantity, subscriptionId = null) =>
      write(
        "POST",
        "/api/cart/items",
        { sku, quantity, ...(subscriptionId ? { subscription_id: subscriptionId } : {}) },
        { openDrawer: true, showError: false },
      ),
    update: (line, quantity, openDrawer = true) =>
      write("PATCH", linePath(line), { quantity }, { openDrawer, showError: true }),
    remove: (line, openDrawer = true) =>
      write("DELETE", linePath(line), undefined, { openDrawer, showError: true }),
    clear: () => write("DELETE", "/api/cart", undefined, { openDrawer: false, showError: true }),
    applyCode: (code) => write("PUT", "/api/cart/discount", { code }, own),
    removeCode: () => write("DELETE", "/api/cart/discount", undefined, own),
    setCurrency: (currency) => write("PUT", "/api/cart/currency", { currency }, own),
    setDrawerOpen: (open) => set({ drawerOpen: open, error: null }),
  };
});
