import { type AccountUser, ACCOUNT_MESSAGES as M, type SignedInAnswer } from "@storefront/domain";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";

/** The user and the sign-in state as the API answers them: the domain's contract (spec section 7). */
export type { AccountUser, AuthStatus } from "@storefront/domain";

/** The spec's error texts (section 8), shown exactly. */
export const AUTH_MESSAGES = {
  login401: "Account not found. Please check your email and password and try again.",
  login500: "Something went wrong. Please try again after some time",
  loginFailed: "Login failed",
  logoutFailed: "Logout failed",
  tooMany: "Too many requests. Please try again after some time",
  resetRequestFailed: "Request password reset failed",
  resetFailed: "Reset password failed",
} as const;

/** The status a failed call ended with: 0 (no answer) when it is not an ApiError. */
function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The API's own text of a failed call, if it gave one. */
function serverText(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/**
 * Sign-in failures in the spec's words: 401, 500, else the server's text or 'Login failed'. A 401
 * for the email this browser has just registered adds that its link must be opened first.
 */
export function loginFailure(error: unknown, justRegistered = false): string {
  const status = statusOf(error);
  if (status === 401) {
    return justRegistered ? `${AUTH_MESSAGES.login401} ${M.confirmFirst}` : AUTH_MESSAGES.login401;
  }
  if (status >= 500 || status === 0) return AUTH_MESSAGES.login500;
  return serverText(error) ?? AUTH_MESSAGES.loginFailed;
}

/** Registration failures: a server failure as sign-in's, else the server's text. */
export function registerFailure(error: unknown): string {
  const status = statusOf(error);
  if (status >= 500 || status === 0) return AUTH_MESSAGES.login500;
  return serverText(error) ?? "Registration failed";
}

/** Password-reset request failures: 429 in the spec's words, else the spec's general text. */
export function resetRequestFailure(error: unknown): string {
  return statusOf(error) === 429 ? AUTH_MESSAGES.tooMany : AUTH_MESSAGES.resetRequestFailed;
}

/** POST /v2/auth/login; throws an ApiError (see loginFailure). */
export async function signIn(
  credentials: { email: string; password: string },
  storeId: string,
): Promise<SignedInAnswer> {
  return api.accounts.login({ ...credentials, store_id: storeId });
}

export interface Registration {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  /** YYYY-MM-DD, or "" when not given (then not sent). */
  birthday: string;
}

/**
 * POST /v2/auth/register: the server's text saying a mail is on its way (the account exists once
 * its link is opened); throws an ApiError (see registerFailure).
 */
export async function register(registration: Registration, storeId: string): Promise<string> {
  const { birthday, ...rest } = registration;
  const answer = await api.accounts.register({
    ...rest,
    ...(birthday ? { birthday } : {}),
    store_id: storeId,
  });
  return answer.message;
}

/** POST /v2/auth/register/confirm with the token of the confirmation mail: signs in. */
export async function confirmRegistration(token: string, storeId: string): Promise<SignedInAnswer> {
  return api.accounts.confirmRegistration({ token, store_id: storeId });
}

/** Why a confirmation link did not work: the server's text, else a server failure's. */
export function confirmFailure(error: unknown): string {
  const status = statusOf(error);
  if (status >= 500 || status === 0) return AUTH_MESSAGES.login500;
  return serverText(error) ?? M.confirmInvalid;
}

/** POST /auth/request_password_reset: the server's confirmation text to show. */
export async function requestPasswordReset(email: string, storeId: string): Promise<string> {
  const answer = await api.accounts.requestPasswordReset({ email, store_id: storeId });
  return answer.message;
}

/** POST /auth/reset_password with the token from the reset email. */
export async function resetPassword(
  newPassword: string,
  token: string,
  storeId: string,
): Promise<void> {
  await api.accounts.resetPassword({ newPassword, token, store_id: storeId });
}

/** Why a password reset failed in the server's words, if it said (shown under the spec's title). */
export function resetFailureDetail(error: unknown): string | null {
  return serverText(error);
}

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD, or "" to clear it. */
  birthday: string;
}

/** PATCH /api/account: the saved user. */
export function updateProfile(changes: ProfileChanges): Promise<AccountUser> {
  return api.accounts.updateAccount({
    first_name: changes.first_name,
    last_name: changes.last_name,
    birthday: changes.birthday || null,
  });
}

/** Why the profile was not saved: the server's text, else a general one. */
export function profileFailure(error: unknown): string {
  return serverText(error) ?? "Your details could not be saved.";
}

/** POST /auth/logout, with no body (as the spec's client sends it). */
export async function signOut(): Promise<void> {
  await api.accounts.logout(undefined);
}
