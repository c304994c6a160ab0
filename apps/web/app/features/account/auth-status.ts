// Who is signed in, asked by every page after hydration: apart from the forms' calls and texts, so
// a page's first load does not carry them.
import type { AccountUser } from "@storefront/domain";
import * as api from "~/lib/api";
import { useAccountStore } from "./account-store";

/** GET /v2/auth/status: the signed-in user, or null; throws an ApiError when it failed. */
export async function readSignedInUser(): Promise<AccountUser | null> {
  const status = await api.session.status();
  return status.user;
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
