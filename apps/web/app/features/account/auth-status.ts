// Who is signed in, asked by every page after hydration: apart from the forms' calls and texts, so
// a page's first load does not carry them.
import type { AccountUser, AuthStatus } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";
import { useAccountStore } from "./account-store";

/** GET /v2/auth/status: the signed-in user, or null; throws an ApiError when it failed. */
export async function readSignedInUser(): Promise<AccountUser | null> {
  const status = await apiRequest<Partial<AuthStatus> | null>("GET", "/v2/auth/status");
  return status?.user ?? null;
}

/** As readSignedInUser, with null also when the call failed. */
export function fetchSignedInUser(): Promise<AccountUser | null> {
  return readSignedInUser().catch(() => null);
}

/**
 * Reads the signed-in user again after something changed their account on the server (an order
 * spent or earned points); keeps what the page knows when the call fails.
 */
export async function refreshSignedInUser(): Promise<void> {
  const user = await readSignedInUser().catch(() => undefined);
  if (user !== undefined) useAccountStore.getState().setUser(user);
}
