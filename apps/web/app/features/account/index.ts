import { lazy } from "react";

export {
  type AccountUser,
  AUTH_MESSAGES,
  type AuthStatus,
  confirmFailure,
  confirmRegistration,
  type ProfileChanges,
  profileFailure,
  resetFailureDetail,
  resetPassword,
  signOut,
  updateProfile,
} from "./account-api";
export { AccountButton } from "./account-button";
export { type AccountView, useAccountStore } from "./account-store";
export { returnAfterConfirm, takeReturnAfterConfirm } from "./after-confirm";
export { useSignedIn } from "./auth-forms";
export { AUTH_TITLES, AuthPanel } from "./auth-panel";
export { refreshSignedInUser } from "./auth-status";
export { useAccountUser, useSeedAccount, useStoreId } from "./use-account";

/** The account modal, loaded when it first opens. */
export const LazyAccountModal = lazy(() => import("./account-modal"));
