import type { CartView } from "@storefront/domain";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bundleContentsShown, duoCart } from "../../../test/bundle-fixtures";
import { monthly } from "../../../test/plan-fixtures";
import { CartLines } from "./cart-lines";

const line = {
  sku: "ITCHY-1",
  handle: "itchy-scratchy",
  title: "Itchy Scratchy",
  image_url: null,
  attributes: { "pack size": "1" },
  total_stock: 10,
  requires_shipping: true,
  bundle_id: null,
  skus_selected: null,
  contents: null,
};
const cart: CartView = {
  currency: "usd",
  cartItems: [
    { ...line, quantity: 1, product_price: 3995, line_total: 3995, subscription: null },
    {
      ...line,
      quantity: 2,
      product_price: 3596,
      line_total: 7192,
      subscription: {
        ...monthly,
        subscription_price: 3596,
      },
    },
  ],
  activeDiscount: null,
  subtotal: 11187,
  discount: 0,
  totalCost: 11187,
  freeShippingRemaining: 3713,
  freeShippingThreshold: 14_900,
  itemCount: 3,
  status: "active",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cart lines", () => {
  it("show a subscription line apart from the plain line of the same product, with its plan", () => {
    render(
      <MemoryRouter>
        <CartLines cart={cart} inDrawer guest={false} />
      </MemoryRouter>,
    );
    const [plain, subscription] = screen.getAllByRole("listitem");
    expect(plain?.textContent).not.toContain("Subscription");
    expect(subscription?.textContent).toContain(
      "Subscription Deliver every month · Subscribe & save 10%",
    );
    expect(subscription?.textContent).toContain("$35.96 each");
  });

  it("tell a guest, before checkout, that a subscription line needs an account", () => {
    const note = "A subscription is kept on an account: you can sign in or create one at checkout.";
    const { unmount } = render(
      <MemoryRouter>
        <CartLines cart={cart} inDrawer guest />
      </MemoryRouter>,
    );
    const [plain, subscription] = screen.getAllByRole("listitem");
    expect(subscription?.textContent).toContain(note);
    expect(plain?.textContent).not.toContain(note);
    unmount();
    render(
      <MemoryRouter>
        <CartLines cart={cart} inDrawer guest={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(note)).toBeNull();
  });

  it("let the lines of one variant grow only into the stock the other lines leave", () => {
    const [plain, subscription] = cart.cartItems;
    if (!plain || !subscription) throw new Error("two lines expected");
    render(
      <MemoryRouter>
        <CartLines
          cart={{ ...cart, cartItems: [{ ...plain, quantity: 8 }, subscription] }}
          inDrawer
          guest={false}
        />
      </MemoryRouter>,
    );
    // 10 in stock: 8 once and 2 every month leave nothing to add to either line.
    const plus = (name: string) =>
      (screen.getByRole("button", { name: `Increase quantity of ${name}` }) as HTMLButtonElement)
        .disabled;
    expect(plus("itchy scratchy")).toBe(true);
    expect(plus("itchy scratchy, deliver every month")).toBe(true);
  });

  it("changes and removes the subscription line by its plan", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(cart), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    render(
      <MemoryRouter>
        <CartLines cart={cart} inDrawer={false} guest={false} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(
        screen.getByRole("button", { name: "Remove Itchy Scratchy, Deliver every month" }),
      );
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove Itchy Scratchy" }));
    });
    expect(fetch.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual([
      "/api/cart/items/ITCHY-1?subscription_id=monthly",
      "/api/cart/items/ITCHY-1",
    ]);
  });

  it("show a bundle line's contents under its title, each line of one bundle by its own", () => {
    render(
      <MemoryRouter>
        <CartLines cart={duoCart()} inDrawer guest={false} />
      </MemoryRouter>,
    );
    expect(bundleContentsShown()).toEqual([
      ["2 × Calm Down — 2 oz"],
      ["1 × Ouchie — 2 oz", "1 × Calm Down — 2 oz"],
    ]);
    expect(
      screen.getByRole("button", {
        name: "Remove Calm & Comfort Duo, 1 × Ouchie — 2 oz, 1 × Calm Down — 2 oz",
      }),
    ).toBeTruthy();
  });

  it("change and remove a bundle line by its selection", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(duoCart()), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    render(
      <MemoryRouter>
        <CartLines cart={duoCart()} inDrawer={false} guest={false} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(
        screen.getByRole("button", {
          name: "Increase quantity of calm & comfort duo, 2 × calm down — 2 oz",
        }),
      );
    });
    await act(async () => {
      fireEvent.click(
        screen.getByRole("button", {
          name: "Remove Calm & Comfort Duo, 1 × Ouchie — 2 oz, 1 × Calm Down — 2 oz",
        }),
      );
    });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([path, init]) => [init.method, path, init.body])).toEqual([
      ["PATCH", "/api/cart/items/CALM-DUO?skus_selected=DRAMA-1,DRAMA-1", '{"quantity":2}'],
      ["DELETE", "/api/cart/items/CALM-DUO?skus_selected=OUCHIE-1,DRAMA-1", undefined],
    ]);
  });
});
