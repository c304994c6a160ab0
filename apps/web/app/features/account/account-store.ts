import { create } from "zustand";
import type { AccountUser } from "./account-api";

export type AccountView = "sign-in" | "register" | "registered" | "forgot";

/** A registration this browser sent: the mail is on its way to `email`. */
export interface SentRegistration {
  email: string;
  /** The server's text saying so. */
  message: string;
}

/** Global UI state "accountModal" plus the signed-in user once the browser knows it. */
interface AccountState {
  isOpen: boolean;
  view: AccountView;
  /** undefined: use what the page was rendered with; null: signed out. */
  user: AccountUser | null | undefined;
  /** The last registration sent from this tab, until its link signs in. */
  registration: SentRegistration | null;
  open(view?: AccountView): void;
  close(): void;
  setView(view: AccountView): void;
  setUser(user: AccountUser | null): void;
  setRegistration(registration: SentRegistration | null): void;
}

export const useAccountStore = create<AccountState>((set) => ({
  isOpen: false,
  view: "sign-in",
  user: undefined,
  registration: null,
  open: (view = "sign-in") => set({ isOpen: true, view }),
  close: () => set({ isOpen: false }),
  setView: (view) => set({ view }),
  setUser: (user) => set({ user }),
  setRegistration: (registration) => set({ registration }),
}));
