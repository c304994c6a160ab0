import { visitorWithOwnIp } from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";

// ITCHY-1 costs $39.95 / CA$53.95 once. "monthly" takes 10% off, "every-2-months" 5%, rounded to
// the nearest cent: $35.955 → $35.96, $37.9525 → $37.95, CA$48.555 → CA$48.56.
export const ITCHY_1 = {
  usd: 3995,
  cad: 5395,
  monthlyUsd: 3596,
  every2Usd: 3795,
  monthlyCad: 4856,
};

export const MONTHLY = {
  subscription_id: "monthly",
  label: "Deliver every month",
  interval: "month",
  interval_count: 1,
  discount_percentage: 10,
};

/** The visitors and cart steps the subscriptions tests share, on the test app `testApp()` answers. */
export function subscriptionsTestHelpers(testApp: () => TestApp) {
  const visitor = () => visitorWithOwnIp(testApp().app);

  async function add(v: Visitor, sku: string, quantity: number, subscription_id?: string) {
    return v.post("/api/cart/items", {
      sku,
      quantity,
      ...(subscription_id ? { subscription_id } : {}),
    });
  }

  return { visitor, add };
}
