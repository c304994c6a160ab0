import { errorText } from "~/lib/api-client";

/** The user as GET /v2/auth/status and /api/account answer it (spec section 7). */
export interface AccountUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  userType: "customer" | "wholesale" | "admin";
  points_balance: number;
  birthday: string | null;
  discountCode: string | null;
  discountPercentage: number | null;
  commission_percentage: number | null;
  commission_amount: number | null;
  events_triggered: unknown[];
}

export interface AuthStatus {
  isLoggedIn: boolean;
  user: AccountUser | null;
}

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
