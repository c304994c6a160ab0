import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { AccountUser, AuthStatus } from "./account-api";
import { useAccountStore } from "./account-store";
import { readSignedInUser } from "./auth-status";

/** The signed-in user: the browser's knowledge once it has any, else what the page was rendered with. */
export function useAccountUser(): AccountUser | null {
  const rendered = useRouteLoaderData<{ auth: AuthStatus | null }>("root")?.auth?.user ?? null;
  const known = useAccountStore((s) => s.user);
  return known === undefined ? rendered : known;
}

/**
 * Gives the browser its knowledge of who is signed in, once, after hydration: from the page when
 * it was rendered for this visitor, else (a page rendered for every visitor) from the server.
 * Unanswered, it stays unknown and the next page tries again.
 */
export function useSeedAccount(): void {
  const root = useRouteLoaderData<{ personal: boolean; auth: AuthStatus | null }>("root");
  const personal = root?.personal ?? true;
  const rendered = root?.auth;
  useEffect(() => {
    const known = () => useAccountStore.getState().user !== undefined;
    if (known()) return;
    if (personal) {
      if (rendered) useAccountStore.getState().setUser(rendered.user ?? null);
      return;
    }
    readSignedInUser().then(
      (user) => {
        // A sign-in in the meantime knows better.
        if (!known()) useAccountStore.getState().setUser(user);
      },
      () => {},
    );
  }, [personal, rendered]);
}

/** The store id every auth call carries (spec section 7). */
export function useStoreId(): string {
  return useRouteLoaderData<{ store: { storeId: string } }>("root")?.store.storeId ?? "";
}
