import { create } from "zustand";
import type { AccountUser, CartMerge } from "./account-api";

export type AccountView = "sign-in" | "register" | "forgot";

/** Global UI state "accountModal" plus the signed-in user once the browser knows it. */
interface AccountState {
  isOpen: boolean;
  view: AccountView;
  /** undefined: use what the page was rendered with; null: signed out. */
  user: AccountUser | null | undefined;
  /** Cart lines that could not join the account's cart at the last sign-in. */
  mergeNotice: CartMerge["notMerged"];
  open(view?: AccountView): void;
  close(): void;
  setView(view: AccountView): void;
  setUser(user: AccountUser | null): void;
  setMergeNotice(lines: CartMerge["notMerged"]): void;
}

export const useAccountStore = create<AccountState>((set) => ({
  isOpen: false,
  view: "sign-in",
  user: undefined,
  mergeNotice: [],
  open: (view = "sign-in") => set({ isOpen: true, view }),
  close: () => set({ isOpen: false }),
  setView: (view) => set({ view }),
  setUser: (user) => set({ user }),
  setMergeNotice: (lines) => set({ mergeNotice: lines }),
}));
