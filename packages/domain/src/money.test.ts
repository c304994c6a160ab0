import { describe, expect, it } from "vitest";
import { formatMoney, toDecimalString } from "./money.ts";

describe("formatMoney shows amounts with the currency symbol and two decimals", () => {
  it.each([
    [2995, "usd", "$29.95"],
    [100, "usd", "$1.00"],
    [0, "usd", "$0.00"],
    [123456, "usd", "$1,234.56"],
    [4995, "cad", "CA$49.95"],
  ] as const)("%i %s → %s", (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });
});

describe("toDecimalString gives machine-readable prices", () => {
  it.each([
    [2995, "29.95"],
    [5, "0.05"],
    [100, "1.00"],
    [-250, "-2.50"],
  ])("%i → %s", (amount, expected) => {
    expect(toDecimalString(amount)).toBe(expected);
  });
});
