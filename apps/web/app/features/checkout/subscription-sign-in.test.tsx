import { type CartView, SUBSCRIPTION_MESSAGES } from "@storefront/domain";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type AccountUser, useAccountStore } from "~/features/account";
import { useCartStore } from "~/features/cart";
import { cartOf, storeInfoOf } from "../../../test/checkout-fixtures";
import { CheckoutPage } from "./checkout-page";

vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error("Failed to load Stripe.js"))),
}));

/** Two bottles of Eat! delivered every month. */
function subscriptionCart(): CartView {
  const cart = cartOf("usd");
  return {
    ...cart,
    cartItems: cart.cartItems.map((line) => ({
      ...line,
      subscription: {
        subscription_id: "monthly",
        label: "Deliver every month",
        interval: "month",
        interval_count: 1,
        discount_percentage: 10,
        subscription_price: line.product_price,
      },
    })),
  };
}

function renderCheckout() {
  const router = createMemoryRouter(
    [{ path: "/checkout", element: <CheckoutPage storeInfo={storeInfoOf(null)} /> }],
    { initialEntries: ["/checkout"] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  useCartStore.setState({ cart: subscriptionCart(), error: null, drawerOpen: false });
  useAccountStore.setState({ user: null });
});

describe("checking out a subscription", () => {
  it("asks a guest to sign in, with a way back to checkout, instead of showing the form", () => {
    renderCheckout();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.signInToCheckout)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to check out" }).getAttribute("href")).toBe(
      "/account/sign-in?next=/checkout",
    );
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
  });

  it("shows the form, with the plan in the order summary, to a signed-in shopper", () => {
    useAccountStore.setState({
      user: { first_name: "Riley", last_name: "Brook", email: "demo@pawsome.test" } as AccountUser,
    });
    renderCheckout();
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
    expect(screen.getByText("Deliver every month · Subscribe & save 10%")).toBeTruthy();
  });
});
