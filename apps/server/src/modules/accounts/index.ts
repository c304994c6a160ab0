// The accounts module's face: what other modules, flows and the app may use of it.
export { dummyHash, isCommonPassword, passwords } from "./passwords.ts";
export { SIGN_IN_PATH } from "./registration.ts";
// For reading only, in other modules' queries that join a shopper's account (emails, points,
// trade terms): accounts alone writes it.
export { users } from "./schema.ts";
export type { AccountDeps, SignedIn, SignInContext } from "./service.ts";
export { loginUserView, personalDiscountCode, storeBrandName } from "./service.ts";
export type { UserRow } from "./sessions.ts";
export { findSessionUser } from "./sessions.ts";
