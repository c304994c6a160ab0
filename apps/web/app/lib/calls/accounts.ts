import { type accountsEndpoints, ACCOUNTS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Sign-in, registration, sign-out, password reset and the signed-in account: see ../api.ts.

type E = typeof accountsEndpoints;

export const login = /* @__PURE__ */ callOf<E["login"]>(R.login);
export const register = /* @__PURE__ */ callOf<E["register"]>(R.register);
export const confirmRegistration = /* @__PURE__ */ callOf<E["confirmRegistration"]>(
  R.confirmRegistration,
);
export const logout = /* @__PURE__ */ callOf<E["logout"]>(R.logout);
export const requestPasswordReset = /* @__PURE__ */ callOf<E["requestPasswordReset"]>(
  R.requestPasswordReset,
);
export const resetPassword = /* @__PURE__ */ callOf<E["resetPassword"]>(R.resetPassword);
export const account = /* @__PURE__ */ callOf<E["account"]>(R.account);
export const updateAccount = /* @__PURE__ */ callOf<E["updateAccount"]>(R.updateAccount);
