import type { Route } from "../endpoint.ts";

/**
 * The accounts' routes: the spec's sign-in, registration, sign-out and password reset, and the
 * signed-in account (the schemas are in accounts.ts). The browser's client bundles these alone;
 * whether the visitor is signed in, which every page asks, is the session's (session-routes.ts).
 */
export const ACCOUNTS_ROUTES = {
  login: "POST /v2/auth/login",
  register: "POST /v2/auth/register",
  confirmRegistration: "POST /v2/auth/register/confirm",
  logout: "POST /auth/logout",
  requestPasswordReset: "POST /auth/request_password_reset",
  resetPassword: "POST /auth/reset_password",
  account: "GET /api/account",
  updateAccount: "PATCH /api/account",
} as const satisfies Record<string, Route>;
