import type { Product, Variant } from "@storefront/domain";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { everyTwoMonths, monthly } from "../../../test/plan-fixtures";
import { AddToCart } from "./add-to-cart";
import { useCartStore } from "./cart-store";

const single: Variant = {
  sku: "ITCHY-1",
  product_attributes: { "pack size": "1" },
  product_price: 3995,
  prices: { usd: 3995 },
  image_urls: [],
  total_stock: 20,
  requires_shipping: true,
  subscriptions: [
    { subscription_id: "monthly", subscription_price: 3596 },
    { subscription_id: "every-2-months", subscription_price: 3795 },
  ],
};
const pair: Variant = {
  ...single,
  sku: "ITCHY-2",
  product_attributes: { "pack size": "2" },
  product_price: 7195,
  subscriptions: [
    { subscription_id: "monthly", subscription_price: 6476 },
    { subscription_id: "every-2-months", subscription_price: 6835 },
  ],
};
const product: Pick<Product, "currency" | "subscription_plans"> = {
  currency: "usd",
  subscription_plans: [monthly, everyTwoMonths],
};

const options = () => screen.getByRole("group", { name: "Purchase options" });
const radio = (name: RegExp) => within(options()).getByRole("radio", { name }) as HTMLInputElement;

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("purchase options", () => {
  it("offers a one-time purchase, chosen first, and each plan with its saving, schedule and price", () => {
    render(<AddToCart variant={single} product={product} />);
    const radios = within(options()).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.parentElement?.textContent)).toEqual([
      "One-time purchase$39.95",
      "Subscribe & save 10% — Deliver every month$35.96",
      "Subscribe & save 5% — Deliver every 2 months$37.95",
    ]);
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    // One native radio group: Tab reaches it once and the arrow keys move the choice.
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios.every((r) => r.type === "radio")).toBe(true);
  });

  it("shows the chosen variant's subscription prices", () => {
    const { rerender } = render(<AddToCart variant={single} product={product} />);
    rerender(<AddToCart variant={pair} product={product} />);
    expect(radio(/Deliver every month/).parentElement?.textContent).toContain("$64.76");
    expect(radio(/One-time/).parentElement?.textContent).toContain("$71.95");
  });

  it("is not shown for a product without plans", () => {
    render(
      <AddToCart
        variant={{ ...single, subscriptions: [] }}
        product={{ currency: "usd", subscription_plans: [] }}
      />,
    );
    expect(screen.queryByRole("group", { name: "Purchase options" })).toBeNull();
  });

  it("adds a subscription line with the chosen plan's subscription_id, and a one-time line without", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ cartItems: [] }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    const { unmount } = render(<AddToCart variant={single} product={product} />);
    fireEvent.click(radio(/Deliver every 2 months/));
    expect(radio(/Deliver every 2 months/).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    unmount();
    render(<AddToCart variant={single} product={product} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    const bodies = fetch.mock.calls.map((call) =>
      JSON.parse(String((call as unknown as [string, RequestInit])[1].body)),
    );
    expect(bodies).toEqual([
      { sku: "ITCHY-1", quantity: 1, subscription_id: "every-2-months" },
      { sku: "ITCHY-1", quantity: 1 },
    ]);
  });
});
