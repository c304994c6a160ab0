import { z } from "zod";
import {
  birthdayProblem,
  EMAIL_MAX_LENGTH,
  ACCOUNT_MESSAGES as M,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  todayUtc,
  USER_TYPES,
} from "./account.ts";

// One @, something on each side, a dot in the domain, no spaces: what a shop can check without
// sending mail; the reset link proves the address.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Is this password on a list of common passwords? The server passes the real list (too large for
 * the browser); the browser's forms use the default, which knows none.
 */
export type CommonPasswordCheck = (password: string) => boolean;
const noCommonList: CommonPasswordCheck = () => false;

/** An email, trimmed and lower-cased: accounts are unique per store on this form. */
export const EmailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX_LENGTH, M.emailTooLong)
  .regex(EMAIL_PATTERN, M.emailInvalid);

/** The password typed to sign in: never trimmed; its length is not judged beyond the maximum. */
export const SignInPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

/** A new password: 8 to 256 characters, any characters, not a common password. */
export function newPasswordSchema(isCommon: CommonPasswordCheck = noCommonList) {
  return z
    .string({ error: M.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
    .refine((password) => !isCommon(password), M.passwordCommon);
}

function nameSchema(required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);
}
export const FirstNameSchema = nameSchema(M.firstNameRequired, M.firstNameTooLong);
export const LastNameSchema = nameSchema(M.lastNameRequired, M.lastNameTooLong);

/** A birthday as YYYY-MM-DD, a real date from 1900 to today; "" (an empty date input) is none. */
export const BirthdaySchema = z
  .string({ error: M.birthdayInvalid })
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") return;
    const problem = birthdayProblem(value, todayUtc());
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => (value === "" ? null : value));

/** The store a call is for; when sent it must be the store of the Host the call went to. */
export const StoreIdSchema = z
  .string({ error: M.storeIdInvalid })
  .trim()
  .min(1, M.storeIdInvalid)
  .max(64, M.storeIdInvalid);

/** POST /v2/auth/login. */
export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: SignInPasswordSchema,
  store_id: StoreIdSchema.optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** POST /auth/logout: the spec sends an empty body; a store_id may come along. */
export const LogoutSchema = z.strictObject({ store_id: StoreIdSchema.optional() }).nullish();

/** POST /v2/auth/register; the server passes the common-password list. */
export function registerSchema(isCommon: CommonPasswordCheck = noCommonList) {
  return z.strictObject({
    email: EmailSchema,
    password: newPasswordSchema(isCommon),
    first_name: FirstNameSchema,
    last_name: LastNameSchema,
    birthday: BirthdaySchema.nullable().optional(),
    store_id: StoreIdSchema.optional(),
  });
}
export const RegisterSchema = registerSchema();
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** POST /v2/auth/register/confirm: the token of the link in the confirmation mail. */
export const ConfirmRegistrationSchema = z.strictObject({
  token: z
    .string({ error: M.confirmTokenRequired })
    .min(1, M.confirmTokenRequired)
    .max(512, M.confirmInvalid),
  store_id: StoreIdSchema.optional(),
});
export type ConfirmRegistrationInput = z.infer<typeof ConfirmRegistrationSchema>;

/** POST /auth/request_password_reset. */
export const RequestPasswordResetSchema = z.strictObject({
  email: EmailSchema,
  store_id: StoreIdSchema.optional(),
});
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetSchema>;

/** POST /auth/reset_password; a token of the wrong form is simply not found (same message). */
export function resetPasswordSchema(isCommon: CommonPasswordCheck = noCommonList) {
  return z.strictObject({
    newPassword: newPasswordSchema(isCommon),
    token: z.string({ error: M.tokenRequired }).min(1, M.tokenRequired).max(512, M.resetInvalid),
    store_id: StoreIdSchema.optional(),
  });
}
export const ResetPasswordSchema = resetPasswordSchema();
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** PATCH /api/account: what a shopper may change; birthday null (or "") removes it. */
export const UpdateAccountSchema = z.strictObject({
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  birthday: BirthdaySchema.nullable().optional(),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountSchema>;

/** GET /v2/auth/status?store_id=… (other query parameters, such as cache busters, are ignored). */
export const AuthStatusQuerySchema = z.object({ store_id: StoreIdSchema.optional() });

const UserTypeSchema = z.enum(USER_TYPES);
/** The spec's `events_triggered`: a list the client reads and this store leaves empty. */
const EventsSchema = z.array(z.unknown());

/** The user as POST /v2/auth/login and /v2/auth/register/confirm answer it (spec section 7). */
export const LoginUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The same as `id`. */
  customerId: z.string(),
  userType: UserTypeSchema,
  points_balance: z.number().int(),
  /** YYYY-MM-DD, or null when not given. */
  birthday: z.string().nullable(),
  discountCode: z.string(),
  discountPercentage: z.number().int(),
  events_triggered: EventsSchema,
});
export type LoginUser = z.infer<typeof LoginUserSchema>;

/** The user as GET /v2/auth/status and /api/account answer it (spec section 7). */
export const AccountUserSchema = z.object({
  // email before id: the order of the spec's status answer.
  email: z.string(),
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  userType: UserTypeSchema,
  points_balance: z.number().int(),
  /** YYYY-MM-DD, or null when not given. */
  birthday: z.string().nullable(),
  discountCode: z.string(),
  discountPercentage: z.number().int(),
  /** Percent of an order's subtotal earned when the order uses this account's code; null: none. */
  commission_percentage: z.number().int().nullable(),
  /** Commission earned so far, in minor units. */
  commission_amount: z.number().int(),
  events_triggered: EventsSchema,
});
export type AccountUser = z.infer<typeof AccountUserSchema>;

/** GET /v2/auth/status: whether the visitor is signed in on this store, and as whom. */
export const AuthStatusSchema = z.object({
  isLoggedIn: z.boolean(),
  user: AccountUserSchema.nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** A guest cart line that could not join the account's cart, with the cart rule's message. */
export const NotMergedLineSchema = z.object({
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** The line's plan; null for a one-time purchase. */
  subscription: z.object({ subscription_id: z.string(), label: z.string() }).nullable(),
  message: z.string(),
});
export type NotMergedLine = z.infer<typeof NotMergedLineSchema>;

/** What signing in did with the guest cart: lines merged, and lines refused (never dropped silently). */
export const CartMergeSchema = z.object({
  merged: z.number().int(),
  notMerged: z.array(NotMergedLineSchema),
});
export type CartMerge = z.infer<typeof CartMergeSchema>;

/** The answer of sign-in and of a confirmed registration: the user, and what became of the guest cart. */
export const SignedInSchema = z.object({ user: LoginUserSchema, cartMerge: CartMergeSchema });
export type SignedInAnswer = z.infer<typeof SignedInSchema>;

/** The answer of sign-out and of a password reset. */
export const SuccessSchema = z.object({ success: z.literal(true) });

/** The answer of a password-reset request: the same whether or not the email has an account. */
export const ResetRequestedSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * The answer of a registration: the same whether or not the email has an account (the mail
 * tells the owner which); the account exists once the link in the mail is opened.
 */
export const RegistrationRequestedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RegistrationRequested = z.infer<typeof RegistrationRequestedSchema>;
