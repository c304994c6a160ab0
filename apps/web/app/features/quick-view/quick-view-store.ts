import { create } from "zustand";

/** Global UI state "quickShop": whether the popup is open and for which product (its handle). */
interface QuickViewState {
  isOpen: boolean;
  selectedProduct: string | null;
  open(handle: string): void;
  close(): void;
}

export const useQuickView = create<QuickViewState>((set) => ({
  isOpen: false,
  selectedProduct: null,
  open: (handle) => set({ isOpen: true, selectedProduct: handle }),
  close: () => set({ isOpen: false }),
}));
