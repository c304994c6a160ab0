import type { CartView, Currency } from "@storefront/domain";
import { create } from "zustand";
import { ApiError, apiRequest } from "~/lib/api-client";

/** What a cart action ends with: done, or refused with a message to show inline. */
export type CartOutcome = { ok: true } | { ok: false; message: string };

interface CartState {
  cart: CartView | null;
  drawerOpen: boolean;
  /** A message from the last failed action shown in the drawer or cart page. */
  error: string | null;
  /** Lines of a guest cart that could not join the account's cart at sign-in. */
  notMerged: { sku: string; title: string; quantity: number; message: string }[];
  load(): Promise<void>;
  add(sku: string, quantity: number): Promise<CartOutcome>;
  /** `openDrawer` false where the cart is already on screen (the cart page). */
  update(sku: string, quantity: number, openDrawer?: boolean): Promise<CartOutcome>;
  remove(sku: string, openDrawer?: boolean): Promise<CartOutcome>;
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
    add: (sku, quantity) =>
      write("POST", "/api/cart/items", { sku, quantity }, { openDrawer: true, showError: false }),
    update: (sku, quantity, openDrawer = true) =>
      write(
        "PATCH",
        `/api/cart/items/${encodeURIComponent(sku)}`,
        { quantity },
        { openDrawer, showError: true },
      ),
    remove: (sku, openDrawer = true) =>
      write("DELETE", `/api/cart/items/${encodeURIComponent(sku)}`, undefined, {
        openDrawer,
        showError: true,
      }),
    clear: () => write("DELETE", "/api/cart", undefined, { openDrawer: false, showError: true }),
    applyCode: (code) => write("PUT", "/api/cart/discount", { code }, own),
    removeCode: () => write("DELETE", "/api/cart/discount", undefined, own),
    setCurrency: (currency) => write("PUT", "/api/cart/currency", { currency }, own),
    setDrawerOpen: (open) => set({ drawerOpen: open, error: null }),
  };
});
