import type { CartView } from "@storefront/domain";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CartSummary } from "./cart-summary";

function cartOf(overrides: Partial<CartView>): CartView {
  return {
    currency: "usd",
    cartItems: [],
    activeDiscount: null,
    subtotal: 10_000,
    discount: 0,
    totalCost: 10_000,
    freeShippingRemaining: 4_900,
    freeShippingThreshold: 14_900,
    itemCount: 1,
    status: "active",
    ...overrides,
  };
}

function renderSummary(cart: CartView) {
  render(
    <MemoryRouter>
      <CartSummary cart={cart} />
    </MemoryRouter>,
  );
}

describe("the cart's way to free shipping", () => {
  it("counts from the store's threshold, in the cart's currency and country", () => {
    renderSummary(
      cartOf({
        currency: "cad",
        freeShippingThreshold: 20_000,
        freeShippingRemaining: 10_000,
      }),
    );
    expect(screen.getByText("Spend CA$100.00 more for free Canadian shipping.")).toBeTruthy();
    const bar = document.querySelector("progress");
    expect(bar?.getAttribute("max")).toBe("20000");
    expect(bar?.getAttribute("value")).toBe("10000");
  });

  it("says a US cart at its threshold ships free", () => {
    renderSummary(cartOf({ subtotal: 14_900, totalCost: 14_900, freeShippingRemaining: 0 }));
    expect(screen.getByText("Your order ships free within the USA.")).toBeTruthy();
  });

  it("says nothing of free shipping where the store never ships free", () => {
    renderSummary(cartOf({ freeShippingThreshold: null, freeShippingRemaining: null }));
    expect(screen.queryByText(/free/i)).toBeNull();
    expect(document.querySelector("progress")).toBeNull();
  });
});
