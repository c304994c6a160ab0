import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email.ts";

describe("normalizeEmail", () => {
  it.each([
    ["jdoe@gmail.com", "jdoe@gmail.com"],
    [" J.Doe+shop@GMAIL.com ", "jdoe@gmail.com"],
    ["j.d.o.e@googlemail.com", "jdoe@gmail.com"],
    ["Jane.Doe+news@example.com", "jane.doe@example.com"],
    ["jane.doe@example.com", "jane.doe@example.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s is %s", (email, expected) => {
    expect(normalizeEmail(email)).toBe(expected);
  });

  it("is idempotent and ignores case", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const once = normalizeEmail(email);
        expect(normalizeEmail(once)).toBe(once);
        expect(normalizeEmail(email.toUpperCase())).toBe(once);
      }),
    );
  });
});
