import {
  type AddCartItem,
  type CartView,
  type Currency,
  type LineRef,
  lineWhere,
  type NotMergedLine,
} from "@storefront/domain";
import { create } from "zustand";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";

/** What a cart action ends with: done, or refused with a message to show inline. */
export type CartOutcome = { ok: true } | { ok: false; message: string };

interface CartState {
  cart: CartView | null;
  drawerOpen: boolean;
  /** A message from the last failed action shown in the drawer or cart page. */
  error: string | null;
  /** Lines of a guest cart that could not join the account's cart at sign-in. */
  notMerged: NotMergedLine[];
  /** `ifUnknown`: keep a cart the browser got meanwhile (an add made while this was asked). */
  load(options?: { ifUnknown: boolean }): Promise<void>;
  /**
   * A variant (once, or on a plan by `subscription_id`) or a bundle with its chosen skus;
   * `openDrawer` false where a popup opens it once it has closed.
   */
  add(item: AddCartItem, openDrawer?: boolean): Promise<CartOutcome>;
  /** `openDrawer` false where the cart is already on screen (the cart page). */
  update(line: LineRef, quantity: number, openDrawer?: boolean): Promise<CartOutcome>;
  remove(line: LineRef, openDrawer?: boolean): Promise<CartOutcome>;
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
    call: Promise<CartView>,
    options: { openDrawer: boolean; showError: boolean },
  ): Promise<CartOutcome> {
    try {
      const cart = await call;
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
    async load(options) {
      try {
        const cart = await api.cart.get();
        set((state) => (options?.ifUnknown && state.cart !== null ? {} : { cart }));
      } catch (error) {
        set({ error: error instanceof ApiError ? error.message : "Could not load your cart." });
      }
    },
    add: (item, openDrawer = true) =>
      write(api.cart.addItem(item), { openDrawer, showError: false }),
    update: (line, quantity, openDrawer = true) =>
      write(api.cart.updateItem({ quantity }, lineWhere(line)), { openDrawer, showError: true }),
    remove: (line, openDrawer = true) =>
      write(api.cart.removeItem(lineWhere(line)), { openDrawer, showError: true }),
    clear: () => write(api.cart.clear(), { openDrawer: false, showError: true }),
    applyCode: (code) => write(api.cart.applyDiscount({ code }), own),
    removeCode: () => write(api.cart.removeDiscount(), own),
    setCurrency: (currency) => write(api.cart.setCurrency({ currency }), own),
    setDrawerOpen: (open) => set({ drawerOpen: open, error: null }),
  };
});
