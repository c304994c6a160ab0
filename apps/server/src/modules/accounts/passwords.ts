import { randomBytes } from "node:crypto";
import * as argon2 from "argon2";
import commonPasswords from "fxa-common-password-list";

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 30 ms a hash here, and the
 * memory a guess costs is what makes GPUs slow at it. Raising these later is safe: a sign-in
 * re-hashes a password stored with weaker settings.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashing and checking passwords; one object so a test can watch the calls. */
export const passwords = {
  hash(plain: string): Promise<string> {
    return argon2.hash(plain, ARGON2_OPTIONS);
  },
  /** False for a wrong password and for a stored value that is not an argon2 hash. */
  async verify(hash: string, plain: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  },
  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  },
};

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, made once: a sign-in with an unknown email is checked against it,
 * so it takes as long as one with a wrong password and the timing does not tell which emails
 * have accounts.
 */
export function dummyHash(): Promise<string> {
  dummy ??= passwords.hash(randomBytes(32).toString("base64url"));
  return dummy;
}

/** On Mozilla's common-password list, as typed or in lower case ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.test(password) || commonPasswords.test(password.toLowerCase());
}
