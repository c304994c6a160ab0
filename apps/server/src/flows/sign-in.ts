/**
 * Sign in: after the password is checked (sign-in) or the registration link confirmed (a new
 * account), the session starts and the browser becomes a known device of the account
 * (accounts), and the guest's cart merges into the account's (cart).
 */
import type { Database } from "../db/index.ts";
import type { UserRow } from "../modules/accounts/index.ts";
import {
  type AccountDeps,
  loginUserView,
  type SignedIn,
  type SignInContext,
} from "../modules/accounts/index.ts";
import {
  confirmRegistration as createAccount,
  startSession,
  trustDevice,
  verifySignIn,
} from "../modules/accounts/writers.ts";
import { mergeGuestCart } from "../modules/cart/writers.ts";

/** Starts the session, makes the browser a known device of the account, merges the guest cart. */
async function finishSignIn(
  db: Database,
  user: UserRow,
  context: SignInContext,
): Promise<SignedIn> {
  const session = await startSession(db, context.storeId, user.id, context.previousToken);
  const device = await trustDevice(db, context.storeId, user.id, context.deviceToken);
  const cartMerge = await mergeGuestCart(db, context.storeId, context.guestSessionId, user.id);
  return { user: loginUserView(user), cartMerge, ...session, device };
}

/** Signs in with email and password (see verifySignIn for the limits and the 401). */
export async function signIn(
  deps: AccountDeps,
  context: SignInContext,
  credentials: { email: string; password: string },
): Promise<SignedIn> {
  return finishSignIn(deps.db, await verifySignIn(deps, context, credentials), context);
}

/** Creates the account of a registration link (see confirmRegistration) and signs it in. */
export async function confirmRegistration(
  deps: AccountDeps,
  context: SignInContext,
  token: string,
): Promise<SignedIn> {
  return finishSignIn(deps.db, await createAccount(deps, context, token), context);
}
