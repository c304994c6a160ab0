import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardBrand, cvcValid, expiryValid, luhnValid } from "./card.ts";
import {
  type CheckoutSettings,
  canCalculateTax,
  checkoutTotal,
  checkoutTotals,
  commissionEarned,
  isPostalCodeOf,
  POINT_VALUE,
  pointsEarned,
  pointsRedemption,
  pointsValue,
  REGIONS,
  taxLines,
} from "./checkout.ts";
import { AddressSchema, PlaceOrderSchema } from "./checkout-schema.ts";

const SETTINGS: CheckoutSettings = {
  shipping: {
    US: [
      { id: "standard", label: "Standard", amount: 795, estimate: "3–5 business days" },
      { id: "express", label: "Express", amount: 1_995, estimate: "1–2 business days" },
    ],
    CA: [{ id: "standard", label: "Standard", amount: 1_295, estimate: "4–8 business days" }],
  },
  freeShipping: { US: 14_900 },
  tax: {
    US: { NY: { "Sales tax": 4000 }, MN: { "Sales tax": 6875 } },
    CA: { ON: { HST: 13000 }, BC: { GST: 5000, PST: 7000 } },
  },
};
const NY = { country: "US" as const, region: "NY", postalCode: "10001" };
const ON = { country: "CA" as const, region: "ON", postalCode: "K1A 0B1" };

const usd = (subtotal: number, discount = 0, shippingOptionId?: string) =>
  checkoutTotals({
    currency: "usd",
    subtotal,
    discount,
    settings: SETTINGS,
    address: NY,
    shippingOptionId,
  });

describe("free shipping threshold", () => {
  it("charges shipping on a US order of $148.99", () => {
    const t = usd(14_899);
    expect(t.isFreeShipping).toBe(false);
    expect(t.shipping).toBe(795);
    expect(t.shippingOptions.map((o) => o.id)).toEqual(["standard", "express"]);
  });

  it("ships a US order of exactly $149.00 free, offered first, Express still on offer", () => {
    const t = usd(14_900);
    expect(t.isFreeShipping).toBe(true);
    expect(t.shipping).toBe(0);
    expect(t.shippingOptions.map((o) => o.id)).toEqual(["free", "standard", "express"]);
    expect(usd(14_900, 0, "express").shipping).toBe(1_995);
  });

  it("judges the subtotal after discount: $160 with $11.01 off ships at a cost", () => {
    expect(usd(16_000, 1_101).isFreeShipping).toBe(false);
    expect(usd(16_000, 1_100).isFreeShipping).toBe(true);
  });

  it("ships a Canadian order free from the store's Canadian threshold, in Canadian dollars", () => {
    const cad = (subtotal: number) =>
      checkoutTotals({
        currency: "cad",
        subtotal,
        discount: 0,
        settings: { ...SETTINGS, freeShipping: { US: 14_900, CA: 20_000 } },
        address: ON,
      });
    expect(cad(19_999).isFreeShipping).toBe(false);
    expect(cad(20_000).isFreeShipping).toBe(true);
    expect(cad(20_000).shippingOptions.map((o) => o.id)).toEqual(["free", "standard"]);
  });

  it("never ships free to a country without a threshold, however large", () => {
    const t = checkoutTotals({
      currency: "usd",
      subtotal: 1_000_000,
      discount: 0,
      settings: { ...SETTINGS, freeShipping: {} },
      address: NY,
    });
    expect(t.isFreeShipping).toBe(false);
    expect(t.shipping).toBe(795);
  });

  it("never ships a Canadian order free when the store has no Canadian threshold", () => {
    const t = checkoutTotals({
      currency: "cad",
      subtotal: 1_000_000,
      discount: 0,
      settings: SETTINGS,
      address: ON,
    });
    expect(t.isFreeShipping).toBe(false);
    expect(t.shipping).toBe(1_295);
  });
});

describe("tax", () => {
  it("taxes goods after discount plus shipping at the region's rate, rounded half up", () => {
    const t = usd(10_000, 1_000);
    expect(t.taxAmount).toBe(Math.round(((9_000 + 795) * 4000) / 100_000));
    expect(t.total).toBe(9_000 + 795 + t.taxAmount);
  });

  it("applies each Canadian tax of a province separately (BC: GST and PST)", () => {
    expect(taxLines(SETTINGS.tax, "CA", "BC", 10_000)).toEqual([
      { name: "GST", rate: 5000, amount: 500 },
      { name: "PST", rate: 7000, amount: 700 },
    ]);
  });

  it("keeps fractional rates exact (Minnesota 6.875%)", () => {
    expect(taxLines(SETTINGS.tax, "US", "MN", 10_000)[0]?.amount).toBe(688);
  });

  it("charges no tax in a region without rates", () => {
    expect(taxLines(SETTINGS.tax, "US", "OR", 10_000)).toEqual([]);
  });

  it("leaves shipping and tax out until the address is complete", () => {
    const t = checkoutTotals({
      currency: "usd",
      subtotal: 5_000,
      discount: 0,
      settings: SETTINGS,
      address: null,
    });
    expect(t).toMatchObject({ canCalculateTax: false, shipping: 0, taxAmount: 0, total: 5_000 });
  });

  it("never totals below zero and never takes off more than the subtotal", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(2_000_000), (subtotal, discount) => {
        const t = usd(subtotal, discount);
        expect(t.discountAmount).toBeLessThanOrEqual(subtotal);
        expect(t.total).toBeGreaterThanOrEqual(0);
        expect(t.total).toBe(subtotal - t.discountAmount + t.shipping + t.taxAmount);
      }),
    );
  });
});

describe("address rules", () => {
  it("knows 51 US regions (states and DC) and 13 Canadian ones", () => {
    expect(REGIONS.US).toHaveLength(51);
    expect(REGIONS.CA).toHaveLength(13);
  });

  it.each([
    ["US", "10001", true],
    ["US", "10001-1234", true],
    ["US", "1000", false],
    ["US", "12345-678", false],
    ["CA", "K1A 0B1", true],
    ["CA", "k1a0b1", true],
    ["CA", "D1A 0B1", false],
    ["CA", "10001", false],
  ] as const)("postal code %s %s is valid: %s", (country, code, valid) => {
    expect(isPostalCodeOf(country, code)).toBe(valid);
  });

  it("can calculate tax only with a country, one of its regions and its kind of postal code", () => {
    expect(canCalculateTax(NY)).toBe(true);
    expect(canCalculateTax({ ...NY, region: "ON" })).toBe(false);
    expect(canCalculateTax({ ...NY, postalCode: "" })).toBe(false);
    expect(canCalculateTax({ country: "US" })).toBe(false);
  });

  it("names each wrong field of an address with its message", () => {
    const result = AddressSchema.safeParse({
      line1: " ",
      city: "Toronto",
      region: "NY",
      postalCode: "10001",
      country: "CA",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toEqual({
      line1: "Enter your street address",
      region: "Choose a state or province",
      postalCode: "Enter a valid postal code (e.g. K1A 0B1)",
    });
  });
});

describe("cards", () => {
  it("accepts Stripe's test numbers by Luhn and refuses a changed digit", () => {
    expect(luhnValid("4242 4242 4242 4242")).toBe(true);
    expect(luhnValid("4000-0000-0000-0002")).toBe(true);
    expect(luhnValid("4242 4242 4242 4241")).toBe(false);
    expect(luhnValid("abcd")).toBe(false);
  });

  it("tells the brand and the CVC length", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cvcValid("1234", "amex")).toBe(true);
    expect(cvcValid("123", "amex")).toBe(false);
    expect(cvcValid("123", "visa")).toBe(true);
  });

  it("takes a card through the end of its expiry month", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(expiryValid(11, 26, now)).toBe(true);
    expect(expiryValid(10, 2026, now)).toBe(false);
    expect(expiryValid(13, 2030, now)).toBe(false);
  });

  it("refuses an order body with a bad card, naming the card field", () => {
    const result = PlaceOrderSchema.safeParse({
      email: "a@example.com",
      name: "A",
      address: { line1: "1 Main", city: "NYC", region: "NY", postalCode: "10001", country: "US" },
      shippingOptionId: "standard",
      expectedTotal: 100,
      card: { number: "4242424242424242", expMonth: 1, expYear: 2020, cvc: "12" },
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([
      "card.expMonth",
      "card.cvc",
    ]);
  });
});

describe("rewards", () => {
  it("earns 1 point per whole unit paid", () => {
    expect(pointsEarned(0)).toBe(0);
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(100)).toBe(1);
    expect(pointsEarned(14_999)).toBe(149);
  });

  it("states what points are worth: 5 cents each, 100 points take 5.00 off", () => {
    expect(POINT_VALUE).toBe(5);
    expect(pointsValue(120)).toBe(600);
    expect(pointsValue(0)).toBe(0);
    expect(pointsValue(-3)).toBe(0);
  });

  it("spends the whole balance when the goods cost more, and only what the goods take otherwise", () => {
    expect(pointsRedemption(120, 10_000)).toEqual({ pointsUsed: 120, pointsDiscount: 600 });
    expect(pointsRedemption(120, 412)).toEqual({ pointsUsed: 82, pointsDiscount: 410 });
    expect(pointsRedemption(120, 0)).toEqual({ pointsUsed: 0, pointsDiscount: 0 });
    expect(pointsRedemption(0, 10_000)).toEqual({ pointsUsed: 0, pointsDiscount: 0 });
  });

  it("takes points off the goods after the code's discount, taxes what is paid, never below 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (subtotal, discount, balance) => {
          const t = checkoutTotals({
            currency: "usd",
            subtotal,
            discount,
            settings: SETTINGS,
            address: NY,
            points: { balance, use: true },
          });
          const goods = subtotal - t.discountAmount;
          expect(t.pointsUsed).toBeLessThanOrEqual(balance);
          expect(t.pointsDiscount).toBe(t.pointsUsed * POINT_VALUE);
          expect(t.pointsDiscount).toBeLessThanOrEqual(goods);
          expect(t.total).toBe(goods - t.pointsDiscount + t.shipping + t.taxAmount);
          expect(t.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("keeps free shipping decided before points and tax on the goods after points", () => {
    // $150 of goods ship free in the US; 120 points take $6 off; NY tax 4 % on $144.
    const t = checkoutTotals({
      currency: "usd",
      subtotal: 15_000,
      discount: 0,
      settings: SETTINGS,
      address: NY,
      points: { balance: 120, use: true },
    });
    expect(t.isFreeShipping).toBe(true);
    expect(t.pointsDiscount).toBe(600);
    expect(t.taxAmount).toBe(576);
    expect(t.total).toBe(15_000 - 600 + 576);
    const unused = checkoutTotals({
      currency: "usd",
      subtotal: 15_000,
      discount: 0,
      settings: SETTINGS,
      address: NY,
      points: { balance: 120, use: false },
    });
    expect(unused.pointsUsed).toBe(0);
    expect(unused.total).toBe(15_000 + 600);
  });

  it("pays commission as a percentage of the goods after discount, rounded down", () => {
    expect(commissionEarned(9_999, 10)).toBe(999);
    expect(commissionEarned(0, 10)).toBe(0);
  });
});

describe("the total paid", () => {
  it.each([
    // subtotal, discount, shipping, tax, discount applied, total
    [10_000, 1_000, 795, 392, 1_000, 10_187],
    [10_000, 0, 0, 0, 0, 10_000],
    [5_000, 8_000, 795, 0, 5_000, 795], // the discount stops at the subtotal
    [5_000, -100, 0, 0, 0, 5_000], // a negative discount counts as none
  ])("%i less %i plus %i and %i", (subtotal, discount, shipping, taxAmount, off, total) => {
    expect(checkoutTotal({ subtotal, discount, shipping, taxAmount })).toEqual({
      discountAmount: off,
      total,
    });
  });

  it("is the total checkoutTotals answers", () => {
    const t = usd(20_000, 2_500, "express");
    expect(
      checkoutTotal({
        subtotal: t.subtotal,
        discount: t.discountAmount,
        shipping: t.shipping,
        taxAmount: t.taxAmount,
      }).total,
    ).toBe(t.total);
  });
});
