import type { SubscriptionView } from "@storefront/domain";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionList } from "./subscription-list";

const monthly: SubscriptionView = {
  id: "5b0c0a8e-0000-4000-8000-000000000001",
  status: "active",
  sku: "ITCHY-1",
  handle: "itchy-scratchy",
  title: "Itchy Scratchy",
  attributes: { "pack size": "1" },
  image_url: null,
  quantity: 2,
  price: 3596,
  currency: "usd",
  subscription: {
    subscription_id: "monthly",
    label: "Deliver every month",
    interval: "month",
    interval_count: 1,
    discount_percentage: 10,
  },
  paused_reason: null,
  next_charge_on: "2026-12-22",
  retry_on: null,
  card: { brand: "visa", last4: "4242" },
  order_number: 1001,
  created_at: "2026-11-22T10:00:00.000Z",
};

function renderList(subscriptions: SubscriptionView[] | null) {
  render(
    <MemoryRouter>
      <SubscriptionList subscriptions={subscriptions} />
    </MemoryRouter>,
  );
  return screen.getByRole("region", { name: "Subscriptions" });
}

describe("the account's subscriptions", () => {
  it("show the product, plan, quantity, price per delivery and next charge date in long form", () => {
    const section = renderList([monthly]);
    const [row] = within(section).getAllByRole("listitem");
    if (!row) throw new Error("no row");
    expect(within(row).getByRole("link", { name: "Itchy Scratchy" }).getAttribute("href")).toBe(
      "/products/itchy-scratchy",
    );
    expect(row.textContent).toContain("Count: Single · Qty 2");
    expect(row.textContent).toContain("Deliver every month · Subscribe & save 10%");
    expect(row.textContent).toContain("$71.92 per delivery ($35.96 each)");
    const next = within(row).getByText("December 22, 2026");
    expect(next.getAttribute("datetime")).toBe("2026-12-22");
  });

  it("say there are none yet", () => {
    expect(renderList([]).textContent).toContain("You have no subscriptions yet.");
  });

  it("say when they could not be loaded", () => {
    renderList(null);
    expect(screen.getByRole("alert").textContent).toContain(
      "Your subscriptions could not be loaded.",
    );
  });
});
