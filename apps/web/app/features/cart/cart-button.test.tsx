import type { CartView } from "@storefront/domain";
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { CartButton } from "./cart-button";
import { useCartStore } from "./cart-store";

function renderButton() {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ cart: null }),
      Component: CartButton,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});

describe("the header's cart button", () => {
  it("shows no badge for an empty cart (its count is for screen readers only), and a badge for a filled one", async () => {
    renderButton();
    // The route loads first; a busy machine can take more than the default second.
    const button = await screen.findByRole("button", { name: /^Cart/ }, { timeout: 5_000 });
    const count = () => button.querySelector(".cart-count");
    expect(button.textContent).toBe("Cart 0 items");
    expect(count()?.hasAttribute("data-empty")).toBe(true);
    expect(count()?.classList.contains("visually-hidden")).toBe(true);
    act(() =>
      useCartStore.setState({ cart: { itemCount: 2, cartItems: [] } as unknown as CartView }),
    );
    // (The router may still be finishing its first render: wait for the new count.)
    const filled = await screen.findByRole("button", { name: "Cart 2 items" });
    expect(filled.querySelector(".cart-count")?.hasAttribute("data-empty")).toBe(false);
    expect(filled.querySelector(".cart-count")?.classList.contains("visually-hidden")).toBe(false);
  });
});
