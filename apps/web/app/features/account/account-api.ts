import { errorText } from "~/lib/api-client";

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

/** Sign-in failures in the spec's words: 401, 500, else the server's text or 'Login failed'. */
export function loginFailure(status: number, body: Record<string, unknown> | null): string {
  if (status === 401) return AUTH_MESSAGES.login401;
  if (status >= 500 || status === 0) return AUTH_MESSAGES.login500;
  return errorText(body) ?? AUTH_MESSAGES.loginFailed;
}
