export { type AccountUser, AUTH_MESSAGES, type AuthStatus } from "./account-api";
export { AccountButton } from "./account-button";
export { AccountModal } from "./account-modal";
export { useAccountStore } from "./account-store";
export { ForgotPasswordForm, RegisterForm, SignInForm } from "./auth-forms";
export { useAccountUser, useStoreId } from "./use-account";
