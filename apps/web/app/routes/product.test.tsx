import { reviewSummary } from "@storefront/domain";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCartStore } from "~/features/cart";
import { calmDuo, duoCart } from "../../test/bundle-fixtures";
import { fakeApi } from "../../test/checkout-fixtures";
import ProductPage from "./product";

function renderProductPage() {
  const Stub = createRoutesStub([
    {
      path: "/products/:handle",
      // The page's component as React Router renders it, with its loader's data.
      Component: ProductPage as never,
      loader: () => ({
        product: calmDuo,
        canonical: "http://localhost/products/calm-comfort-duo",
        reviews: {
          handle: calmDuo.handle,
          product_name: calmDuo.product_title,
          summary: reviewSummary({}),
          total: 0,
          page: 1,
          page_size: 25,
          has_more: false,
          reviews: [],
        },
        extras: { rating: "", trust: "" },
        jsonLd: "{}",
      }),
    },
  ]);
  render(<Stub initialEntries={["/products/calm-comfort-duo"]} />);
}

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("product page of a bundle", () => {
  it("shows the bundle's price and a picker per slot, and adds the filled bundle", async () => {
    const calls = fakeApi(() => ({ status: 200, body: duoCart() }));
    renderProductPage();
    expect(
      (await screen.findByRole("heading", { level: 1, name: "Calm & Comfort Duo" })).textContent,
    ).toBe("Calm & Comfort Duo");
    expect(screen.getByText("$69.95")).toBeTruthy();
    const add = screen.getByRole("button", { name: "Add to cart" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Item 1 of 2"), { target: { value: "DRAMA-1" } });
    fireEvent.change(screen.getByLabelText("Item 2 of 2"), { target: { value: "OUCHIE-1" } });
    expect(screen.getByText("You save $9.95")).toBeTruthy();
    await act(async () => {
      fireEvent.click(add);
    });
    expect(calls.filter((c) => c.path === "/api/cart/items").map((c) => c.body)).toEqual([
      { bundle_id: "calm-comfort-duo", skus_selected: ["DRAMA-1", "OUCHIE-1"], quantity: 1 },
    ]);
    expect(useCartStore.getState().drawerOpen).toBe(true);
  });
});
