import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  nextChargeAfter,
  nextChargeOn,
  renewalRetry,
  subscriptionNeedsAccount,
  subscriptionOffer,
  subscriptionPrice,
} from "./subscription.ts";

describe("subscription price", () => {
  it.each([
    // price, percent off, plan price
    [3995, 10, 3596], // $35.955 rounds half up to $35.96
    [3995, 5, 3795], // $37.9525 rounds down to $37.95
    [5395, 10, 4856], // CA$48.555 → CA$48.56
    [1000, 10, 900],
    [1, 50, 1], // half a cent rounds up
    [3, 50, 2], // 1.5 → 2
    [0, 10, 0],
  ])("%i less %i%% is %i", (price, percent, expected) => {
    expect(subscriptionPrice(price, percent)).toBe(expected);
  });

  it("is a whole number of cents, never above the price and never below half of it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        (price, pct) => {
          const plan = subscriptionPrice(price, pct);
          expect(Number.isInteger(plan)).toBe(true);
          expect(plan).toBeLessThanOrEqual(price);
          expect(plan).toBeGreaterThanOrEqual(Math.floor(price / 2));
          // Within half a cent of the exact value.
          expect(Math.abs(plan * 100 - price * (100 - pct))).toBeLessThanOrEqual(50);
        },
      ),
    );
  });

  it("headlines the offer with its percentage", () => {
    expect(subscriptionOffer(10)).toBe("Subscribe & save 10%");
  });
});

describe("next charge date", () => {
  it.each([
    ["2026-11-22", "month", 1, "2026-12-22"],
    ["2026-11-22", "month", 2, "2027-01-22"],
    ["2026-01-31", "month", 1, "2026-02-28"],
    ["2028-01-31", "month", 1, "2028-02-29"], // leap year
    ["2026-10-31", "month", 1, "2026-11-30"],
    ["2026-12-31", "month", 2, "2027-02-28"],
    ["2026-11-22", "week", 1, "2026-11-29"],
    ["2026-12-28", "week", 2, "2027-01-11"],
  ] as const)("%s plus %s × %i is %s", (day, interval, count, expected) => {
    expect(nextChargeOn(day, interval, count)).toBe(expected);
  });

  it("refuses a day that is not YYYY-MM-DD", () => {
    expect(() => nextChargeOn("22/11/2026", "month", 1)).toThrow("Not a YYYY-MM-DD date");
  });
});

describe("a subscription needs an account", () => {
  const plain = { subscription: null };
  const onPlan = { subscription: { subscription_id: "monthly" } };

  it("stops a guest whose cart holds a subscription line", () => {
    expect(subscriptionNeedsAccount([plain, onPlan], false)).toBe(true);
  });

  it("lets a signed-in shopper, or a guest buying once, check out", () => {
    expect(subscriptionNeedsAccount([plain, onPlan], true)).toBe(false);
    expect(subscriptionNeedsAccount([plain], false)).toBe(false);
    expect(subscriptionNeedsAccount([], false)).toBe(false);
  });
});

describe("renewalRetry", () => {
  it("tries a failed renewal again 1, 3 and 7 days after each failed try, then gives up", () => {
    expect(renewalRetry("2027-04-10", 0)).toBe("2027-04-11");
    expect(renewalRetry("2027-04-11", 1)).toBe("2027-04-14");
    expect(renewalRetry("2027-04-14", 2)).toBe("2027-04-21");
    expect(renewalRetry("2027-04-21", 3)).toBeNull();
  });

  it("counts days across month and year ends and leap days", () => {
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 3)).toBe("2027-03-03");
    expect(renewalRetry("2027-12-29", 2)).toBe("2028-01-05");
  });
});

describe("nextChargeOn with the day the subscription started", () => {
  it("keeps a monthly plan started on the 31st on each month's last day, and back on the 31st", () => {
    expect(nextChargeOn("2027-01-31", "month", 1, 31)).toBe("2027-02-28");
    expect(nextChargeOn("2027-02-28", "month", 1, 31)).toBe("2027-03-31");
    expect(nextChargeOn("2027-03-31", "month", 1, 31)).toBe("2027-04-30");
    expect(nextChargeOn("2028-01-30", "month", 1, 30)).toBe("2028-02-29");
  });

  it("skips the periods a late renewal missed", () => {
    expect(nextChargeAfter("2027-03-01", "week", 1, "2027-03-12")).toBe("2027-03-15");
    expect(nextChargeAfter("2027-03-01", "month", 1, "2027-03-12")).toBe("2027-04-01");
    expect(nextChargeAfter("2027-01-31", "month", 1, "2027-04-02", 31)).toBe("2027-04-30");
  });
});
