import { useRouteLoaderData } from "react-router";
import type { AccountUser, AuthStatus } from "./account-api";
import { useAccountStore } from "./account-store";

/** The signed-in user: the browser's knowledge once it has any, else what the page was rendered with. */
export function useAccountUser(): AccountUser | null {
  const rendered = useRouteLoaderData<{ auth: AuthStatus | null }>("root")?.auth?.user ?? null;
  const known = useAccountStore((s) => s.user);
  return known === undefined ? rendered : known;
}

/** The store id every auth call carries (spec section 7). */
export function useStoreId(): string {
  return useRouteLoaderData<{ store: { storeId: string } }>("root")?.store.storeId ?? "";
}
