import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order.ts";
import {
  ORDER_INITIAL_STATUS,
  ORDER_TRANSITIONS,
  StatusTransitionError,
  SUBSCRIPTION_TRANSITIONS,
} from "./status-transitions.ts";
import { SUBSCRIPTION_STATUSES } from "./subscription.ts";

describe("the order status table", () => {
  it("pays only an order awaiting payment, and a paid order never changes again", () => {
    expect(ORDER_TRANSITIONS.into("paid")).toEqual(["awaiting_payment"]);
    expect(ORDER_TRANSITIONS.final()).toEqual(["paid"]);
    for (const to of ORDER_STATUSES) expect(ORDER_TRANSITIONS.may("paid", to)).toBe(false);
  });

  it("ends an unpaid order declined, expired or canceled, and revives only an expired one", () => {
    for (const to of ["declined", "expired", "canceled"] as const) {
      expect(ORDER_TRANSITIONS.may("awaiting_payment", to)).toBe(true);
    }
    expect(ORDER_TRANSITIONS.into("awaiting_payment")).toEqual(["expired"]);
    expect(ORDER_TRANSITIONS.may("declined", "awaiting_payment")).toBe(false);
  });

  it("refuses a change the table does not name, saying which", () => {
    expect(() => ORDER_TRANSITIONS.check("paid", "canceled")).toThrow(StatusTransitionError);
    expect(() => ORDER_TRANSITIONS.check("paid", "canceled")).toThrow(
      "An order cannot move from paid to canceled",
    );
    expect(() => ORDER_TRANSITIONS.check("expired", "canceled")).not.toThrow();
  });

  it("reaches every status from the one an order is written with", () => {
    const reached = new Set([ORDER_INITIAL_STATUS]);
    for (let round = 0; round < ORDER_STATUSES.length; round++) {
      for (const from of [...reached]) {
        for (const to of ORDER_STATUSES) if (ORDER_TRANSITIONS.may(from, to)) reached.add(to);
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe("the subscription status table", () => {
  it("pauses and resumes, and a cancelled subscription stays cancelled", () => {
    expect(SUBSCRIPTION_TRANSITIONS.may("active", "paused")).toBe(true);
    expect(SUBSCRIPTION_TRANSITIONS.may("paused", "active")).toBe(true);
    expect(SUBSCRIPTION_TRANSITIONS.final()).toEqual(["cancelled"]);
    for (const to of SUBSCRIPTION_STATUSES) {
      expect(SUBSCRIPTION_TRANSITIONS.may("cancelled", to)).toBe(false);
    }
    expect(() => SUBSCRIPTION_TRANSITIONS.check("cancelled", "active")).toThrow(
      "A subscription cannot move from cancelled to active",
    );
  });
});
