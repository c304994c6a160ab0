import {
  AccountUserSchema,
  type CommonPasswordCheck,
  ConfirmRegistrationSchema,
  LoginSchema,
  LogoutSchema,
  RegistrationRequestedSchema,
  RequestPasswordResetSchema,
  ResetRequestedSchema,
  registerSchema,
  resetPasswordSchema,
  SignedInSchema,
  SuccessSchema,
  UpdateAccountSchema,
} from "../account-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as ACCOUNTS_ROUTES from "./accounts-routes.ts";

const tags = ["accounts"];

/**
 * The accounts' endpoints, a new password judged by `isCommon`: the server passes the
 * common-password list (too large for the browser), as registerSchema's caller does.
 */
export function accountsEndpointsOf(isCommon?: CommonPasswordCheck) {
  return {
    login: endpoint(ACCOUNTS_ROUTES.login, {
      tags,
      summary:
        "Sign in (spec): sets the session cookie and merges the guest cart into the account's",
      body: LoginSchema,
      response: { 200: SignedInSchema },
    }),
    register: endpoint(ACCOUNTS_ROUTES.register, {
      tags,
      summary:
        "Start a registration: the same 202 whether or not the email has an account; the mail " +
        "carries a confirmation link, or tells the account's owner to sign in or reset the password",
      body: registerSchema(isCommon),
      response: { 202: RegistrationRequestedSchema },
    }),
    confirmRegistration: endpoint(ACCOUNTS_ROUTES.confirmRegistration, {
      tags,
      summary:
        "Create the account with the token of a confirmation link (24 hours, once) and sign in " +
        "(the guest cart merges as on sign-in)",
      body: ConfirmRegistrationSchema,
      response: { 200: SignedInSchema },
    }),
    logout: endpoint(ACCOUNTS_ROUTES.logout, {
      tags,
      summary: "Sign out (spec): ends the session on the server and clears its cookie",
      body: LogoutSchema,
      response: { 200: SuccessSchema },
    }),
    requestPasswordReset: endpoint(ACCOUNTS_ROUTES.requestPasswordReset, {
      tags,
      summary: "Mail a reset link (spec); the same answer whether or not the email has an account",
      body: RequestPasswordResetSchema,
      response: { 200: ResetRequestedSchema },
    }),
    resetPassword: endpoint(ACCOUNTS_ROUTES.resetPassword, {
      tags,
      summary: "Set a new password with the token of a reset link (spec); ends every session",
      body: resetPasswordSchema(isCommon),
      response: { 200: SuccessSchema },
    }),
    account: endpoint(ACCOUNTS_ROUTES.account, {
      tags,
      summary: "The signed-in account (401 when signed out)",
      response: { 200: AccountUserSchema },
    }),
    updateAccount: endpoint(ACCOUNTS_ROUTES.updateAccount, {
      tags,
      summary: "Change the signed-in account's names or birthday (null removes it)",
      body: UpdateAccountSchema,
      response: { 200: AccountUserSchema },
    }),
  };
}

/**
 * The accounts' endpoints (registered by modules/accounts/routes.ts, from accountsEndpointsOf
 * with the common-password list): sign-in, registration, sign-out, password reset, the account.
 */
export const accountsEndpoints = accountsEndpointsOf();
