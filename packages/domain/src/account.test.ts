import { describe, expect, it } from "vitest";
import { birthdayProblem, ACCOUNT_MESSAGES as M, todayUtc } from "./account.ts";
import {
  ConfirmRegistrationSchema,
  EmailSchema,
  LoginSchema,
  newPasswordSchema,
  RegisterSchema,
  ResetPasswordSchema,
  registerSchema,
  UpdateAccountSchema,
} from "./account-schema.ts";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe("emails", () => {
  it("are trimmed and lower-cased", () => {
    expect(EmailSchema.parse("  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
  });

  it.each([
    ["", M.emailRequired],
    ["   ", M.emailRequired],
    ["jane", M.emailInvalid],
    ["jane@example", M.emailInvalid],
    ["ja ne@example.com", M.emailInvalid],
    [`${"a".repeat(250)}@x.com`, M.emailTooLong],
  ])("refuse %j with %s", (email, message) => {
    expect(firstMessage(EmailSchema.safeParse(email))).toBe(message);
  });
});

describe("new passwords", () => {
  const schema = newPasswordSchema((p) => p === "password123");

  it("need at least 8 characters and accept up to 256, spaces and any script included", () => {
    expect(firstMessage(schema.safeParse("short77"))).toBe(M.passwordTooShort);
    expect(schema.safeParse("eight ch").success).toBe(true);
    expect(schema.safeParse("x".repeat(64)).success).toBe(true);
    expect(schema.safeParse("ß".repeat(256)).success).toBe(true);
    expect(firstMessage(schema.safeParse("x".repeat(257)))).toBe(M.passwordTooLong);
    expect(schema.safeParse("  leading and trailing spaces count  ").success).toBe(true);
  });

  it("refuse a password on the common list the caller passes", () => {
    expect(firstMessage(schema.safeParse("password123"))).toBe(M.passwordCommon);
    // The browser's schema knows no list; the server's does.
    expect(RegisterSchema.shape.password.safeParse("password123").success).toBe(true);
  });

  it("are never trimmed", () => {
    expect(schema.parse("  spaced out  ")).toBe("  spaced out  ");
  });
});

describe("birthdays", () => {
  it.each([
    ["1990-02-28", null],
    ["2000-02-29", null],
    ["2023-02-29", M.birthdayInvalid],
    ["1990-13-01", M.birthdayInvalid],
    ["1990-1-1", M.birthdayInvalid],
    ["01/02/1990", M.birthdayInvalid],
    ["1899-12-31", M.birthdayTooEarly],
    ["2026-06-02", M.birthdayFuture],
    ["2026-06-01", null],
  ])("%s → %s (today 2026-06-01)", (value, problem) => {
    expect(birthdayProblem(value, "2026-06-01")).toBe(problem);
  });

  it("today is the UTC date", () => {
    expect(todayUtc(new Date("2026-03-04T23:30:00-05:00"))).toBe("2026-03-05");
  });
});

describe("request bodies", () => {
  const register = {
    email: " New@Example.com",
    password: "a long passphrase",
    first_name: " Jane ",
    last_name: "Doe",
    store_id: "pet-remedies",
  };

  it("registration trims names, lower-cases the email and treats an empty birthday as none", () => {
    expect(registerSchema().parse({ ...register, birthday: "" })).toEqual({
      email: "new@example.com",
      password: "a long passphrase",
      first_name: "Jane",
      last_name: "Doe",
      birthday: null,
      store_id: "pet-remedies",
    });
    expect(firstMessage(RegisterSchema.safeParse({ ...register, first_name: "  " }))).toBe(
      M.firstNameRequired,
    );
  });

  it("are strict: an unknown field is refused", () => {
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x", admin: true }).success).toBe(
      false,
    );
    expect(UpdateAccountSchema.safeParse({ email: "a@b.co" }).success).toBe(false);
    expect(
      RegisterSchema.safeParse({ ...register, user_type: "admin", points_balance: 1000 }).success,
    ).toBe(false);
  });

  it("sign-in takes any non-empty password up to the maximum", () => {
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(firstMessage(LoginSchema.safeParse({ email: "a@b.co", password: "" }))).toBe(
      M.passwordRequired,
    );
  });

  it("a reset needs a token and a new password", () => {
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ newPassword: "long enough pw", token: "" })),
    ).toBe(M.tokenRequired);
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ newPassword: "short", token: "abc" })),
    ).toBe(M.passwordTooShort);
  });

  it("the account update accepts null to remove the birthday", () => {
    expect(UpdateAccountSchema.parse({ birthday: null })).toEqual({ birthday: null });
    expect(UpdateAccountSchema.parse({ birthday: "1990-05-17" })).toEqual({
      birthday: "1990-05-17",
    });
    expect(firstMessage(UpdateAccountSchema.safeParse({ birthday: "tomorrow" }))).toBe(
      M.birthdayInvalid,
    );
  });
});

describe("confirmation links", () => {
  it("need a token, and a token too long to be one is the invalid link's message", () => {
    expect(ConfirmRegistrationSchema.safeParse({ token: "t".repeat(43) }).success).toBe(true);
    expect(firstMessage(ConfirmRegistrationSchema.safeParse({}))).toBe(M.confirmTokenRequired);
    expect(firstMessage(ConfirmRegistrationSchema.safeParse({ token: "" }))).toBe(
      M.confirmTokenRequired,
    );
    expect(firstMessage(ConfirmRegistrationSchema.safeParse({ token: "t".repeat(513) }))).toBe(
      M.confirmInvalid,
    );
    expect(ConfirmRegistrationSchema.safeParse({ token: "t", extra: 1 }).success).toBe(false);
  });
});
