import { type CartView, SUBSCRIPTION_MESSAGES } from "@storefront/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type AccountUser, useAccountStore } from "~/features/account";
import { useCartStore } from "~/features/cart";
import { cartOf, storeInfoOf } from "../../../test/checkout-fixtures";
import { monthly } from "../../../test/plan-fixtures";
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
        ...monthly,
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
  it("asks a guest for an account right in the checkout, or to buy once instead, without the form", () => {
    renderCheckout();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.signInToCheckout)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Create an account" })).toBeTruthy();
    expect(screen.getByLabelText(/^First name/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "I have an account: sign in" })).toBeTruthy();
    expect(
      screen.getByRole("button", { name: /^Switch to one-time purchase of Eat/ }),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
  });

  it("switches a subscription line to a one-time purchase with one change of the whole cart", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const oneTime = cartOf("usd");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify(oneTime), { status: 200 });
      }),
    );
    renderCheckout();
    fireEvent.click(screen.getByRole("button", { name: /^Switch to one-time purchase of Eat/ }));
    // No subscription left: a guest can pay, and the checkout form appears.
    expect(await screen.findByLabelText(/^Card number/)).toBeTruthy();
    expect(calls).toEqual([
      {
        url: "/metrics/cart-items",
        body: { cartItems: [{ sku: "EAT-1", quantity: 2, subscription: null }] },
      },
    ]);
    vi.unstubAllGlobals();
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
