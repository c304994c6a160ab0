import type { Route } from "../endpoint.ts";

// The accounts' routes: the spec's sign-in, registration, sign-out and password reset, and the
// signed-in account (the schemas are in accounts.ts). The browser's client bundles these alone;
// whether the visitor is signed in, which every page asks, is the session's (session-routes.ts).
// One export per route, read as the namespace ACCOUNTS_ROUTES: the browser bundles only the
// routes it calls.

export const login = "POST /v2/auth/login" satisfies Route;
export const register = "POST /v2/auth/register" satisfies Route;
export const confirmRegistration = "POST /v2/auth/register/confirm" satisfies Route;
export const logout = "POST /auth/logout" satisfies Route;
export const requestPasswordReset = "POST /auth/request_password_reset" satisfies Route;
export const resetPassword = "POST /auth/reset_password" satisfies Route;
export const account = "GET /api/account" satisfies Route;
export const updateAccount = "PATCH /api/account" satisfies Route;
