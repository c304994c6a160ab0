import { describe, expect, it } from "vitest";
import { NO_TRADE_TERMS, namesOf, tradeAmount, tradeMinimumError } from "./trade.ts";
import { TradeApplicationSchema, TradeTermsSchema } from "./trade-schema.ts";

describe("trade application", () => {
  it("splits a contact name into the account's first name and the rest", () => {
    expect(namesOf("  Jordan Lee  Parker ")).toEqual({
      firstName: "Jordan",
      lastName: "Lee Parker",
    });
    expect(namesOf("Prince")).toEqual({ firstName: "Prince", lastName: "" });
  });

  it("trims every field, fills the optional ones, and accepts a website without its scheme", () => {
    const parsed = TradeApplicationSchema.parse({
      businessName: " Wagging Tails ",
      contactName: "Jordan",
      email: " jordan@example.com ",
      storeAddress: "88 Market Street",
      website: "https://waggingtails.example/shop",
    });
    expect(parsed).toEqual({
      businessName: "Wagging Tails",
      contactName: "Jordan",
      email: "jordan@example.com",
      phone: "",
      taxId: "",
      website: "https://waggingtails.example/shop",
      storeAddress: "88 Market Street",
      message: "",
    });
    expect(TradeApplicationSchema.safeParse({ ...parsed, website: "example.com" }).success).toBe(
      true,
    );
    expect(
      TradeApplicationSchema.safeParse({ ...parsed, phone: "call me" }).error?.issues[0]?.message,
    ).toBe("Please enter a phone number: digits, spaces and + ( ) - only");
  });
});

describe("trade prices", () => {
  it("is the variant's own trade price when set, else retail less the store's percentage, rounded to the cent", () => {
    expect(tradeAmount(4_495, null, 40)).toBe(2_697);
    expect(tradeAmount(7_195, 3_995, 40)).toBe(3_995);
    expect(tradeAmount(1_005, null, 50)).toBe(503);
    expect(tradeAmount(4_495, null, 0)).toBe(4_495);
  });

  it("refuses a trade order below the minimum in its currency and says how much is missing", () => {
    const terms = { percentOff: 40, minimumOrder: { usd: 25_000, cad: 34_000 } };
    expect(tradeMinimumError(4_794, "usd", terms)).toBe(
      "Trade orders start at $250.00 before shipping and tax: add $202.06 more to place this one.",
    );
    expect(tradeMinimumError(33_999, "cad", terms)).toBe(
      "Trade orders start at CA$340.00 before shipping and tax: add CA$0.01 more to place this one.",
    );
    expect(tradeMinimumError(25_000, "usd", terms)).toBeNull();
    expect(tradeMinimumError(1, "usd", NO_TRADE_TERMS)).toBeNull();
  });

  it("reads a store's trade terms, refusing a percentage past 90 or an unknown currency", () => {
    expect(
      TradeTermsSchema.safeParse({ percentOff: 40, minimumOrder: { usd: 25_000 } }).success,
    ).toBe(true);
    expect(TradeTermsSchema.safeParse({ percentOff: 95, minimumOrder: {} }).success).toBe(false);
    expect(TradeTermsSchema.safeParse({ percentOff: 10, minimumOrder: { eur: 100 } }).success).toBe(
      false,
    );
  });
});
