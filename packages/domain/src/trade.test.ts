import { describe, expect, it } from "vitest";
import { namesOf } from "./trade.ts";
import { TradeApplicationSchema } from "./trade-schema.ts";

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
