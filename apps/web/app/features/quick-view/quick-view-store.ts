import type { ProductCard } from "@storefront/domain";
import { create } from "zustand";

/**
 * Global UI state "quickShop": whether the popup is open and for which product: the card it was
 * opened from, which the popup also shows while the product loads.
 */
interface QuickViewState {
  isOpen: boolean;
  selectedProduct: ProductCard | null;
  open(card: ProductCard): void;
  close(): void;
}

export const useQuickView = create<QuickViewState>((set) => ({
  isOpen: false,
  selectedProduct: null,
  open: (card) => set({ isOpen: true, selectedProduct: card }),
  close: () => set({ isOpen: false }),
}));
