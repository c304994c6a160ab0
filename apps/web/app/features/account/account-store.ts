import { create } from "zustand";
import type { AccountUser } from "./account-api";

export type AccountView = "sign-in" | "register" | "forgot";

/** Global UI state "accountModal" plus the signed-in user once the browser knows it. */
interface AccountState {
  isOpen: boolean;
  view: AccountView;
  /** undefined: use what the page was rendered with; null: signed out. */
  user: AccountUser | null | undefined;
  open(view?: AccountView): void;
  close(): void;
  setView(view: AccountView): void;
  setUser(user: AccountUser | null): void;
}

export const useAccountStore = create<AccountState>((set) => ({
  isOpen: false,
  view: "sign-in",
  user: undefined,
  open: (view = "sign-in") => set({ isOpen: true, view }),
  close: () => set({ isOpen: false }),
  setView: (view) => set({ view }),
  setUser: (user) => set({ user }),
}));
