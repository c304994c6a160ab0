/** Limits of account inputs, named once for the schemas, the forms and the tests. */
export const PASSWORD_MIN_LENGTH = 8;
// ASVS asks for at least 64; a longer cap still bounds the work of hashing one request.
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const EARLIEST_BIRTH_YEAR = 1900;
/** A registration's confirmation link works this many hours, once. */
export const CONFIRMATION_LINK_HOURS = 24;

/** Every text the account calls answer or show; the spec's own wording where it has one. */
export const ACCOUNT_MESSAGES = {
  // Spec section 8: the answer to an unknown email and to a wrong password alike.
  loginFailed: "Account not found. Please check your email and password and try again.",
  tooManyRequests: "Too many requests. Please try again after some time",
  resetRequested: "If an account exists for that email, we have sent a link to reset the password.",
  resetInvalid: "This reset link is invalid or has expired. Please request a new one.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  // The answer to every accepted registration, new email or not: the mail says what comes next.
  registrationRequested: `Almost done: we have sent a message to your email. Open its link within ${CONFIRMATION_LINK_HOURS} hours to finish creating your account.`,
  confirmInvalid:
    "This confirmation link is invalid, has expired or has already been used. If you have already confirmed your email, sign in; otherwise create your account again.",
  confirmTokenRequired: "The confirmation link has no token",
  // Shown by the browser that has just registered, when a sign-in with that email fails.
  confirmFirst:
    "If you have just created your account, open the link in the email we sent you first.",
  storeMismatch: "store_id does not match this store",
  crossSite: "Cross-site request refused",
  signInRequired: "Please sign in to continue.",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: `Email must not exceed ${EMAIL_MAX_LENGTH} characters`,
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must not exceed ${PASSWORD_MAX_LENGTH} characters`,
  passwordCommon: "This password is too common. Please choose another.",
  firstNameRequired: "First name is required",
  firstNameTooLong: `First name must not exceed ${NAME_MAX_LENGTH} characters`,
  lastNameRequired: "Last name is required",
  lastNameTooLong: `Last name must not exceed ${NAME_MAX_LENGTH} characters`,
  birthdayInvalid: "Birthday must be a date in the form YYYY-MM-DD",
  birthdayFuture: "Birthday must not be in the future",
  birthdayTooEarly: `Birthday must not be before ${EARLIEST_BIRTH_YEAR}`,
  tokenRequired: "The reset link has no token",
  storeIdInvalid: "store_id must be a store identifier",
} as const;

/** `customer`; `wholesale`: a trade partner who sees trade prices; `admin`: manages the store. */
export const USER_TYPES = ["customer", "wholesale", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * What is wrong with a birthday in the form YYYY-MM-DD, or null when it is a real calendar date
 * between 1900 and `today` (a UTC date, YYYY-MM-DD).
 * @example birthdayProblem("2023-02-29", "2026-01-01") // "Birthday must be a date in the form YYYY-MM-DD"
 */
export function birthdayProblem(value: string, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return ACCOUNT_MESSAGES.birthdayInvalid;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return ACCOUNT_MESSAGES.birthdayInvalid;
  if (year < EARLIEST_BIRTH_YEAR) return ACCOUNT_MESSAGES.birthdayTooEarly;
  // ISO dates of equal length compare correctly as text.
  if (value > today) return ACCOUNT_MESSAGES.birthdayFuture;
  return null;
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
