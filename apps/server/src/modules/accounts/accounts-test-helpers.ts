import {
  mailedToken,
  PET_STORE,
  PETS,
  registerAccount,
  TEST_PASSWORD,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";

/**
 * The visitors and steps the accounts tests share, on the test app `testApp()` answers (the one
 * the file's beforeAll made).
 */
export function accountsTestHelpers(testApp: () => TestApp) {
  const visitor = (host = PETS, headers: Record<string, string> = {}) =>
    visitorWithOwnIp(testApp().app, host, headers);

  const signIn = (v: Visitor, email: string, password = TEST_PASSWORD) =>
    v.post("/v2/auth/login", { email, password, store_id: PET_STORE });

  /** Registers and confirms as `v` (signed in afterwards); `res` is the confirmation's answer. */
  const registered = (v: Visitor, values: Record<string, unknown> = {}) =>
    registerAccount(testApp().app, testApp().database.db, v, { store_id: PET_STORE, ...values });

  /** The confirmation link's token mailed to `email`. */
  const confirmationToken = (email: string) =>
    mailedToken(testApp().app, testApp().database.db, email, "/account/confirm");

  return { visitor, signIn, registered, confirmationToken };
}
