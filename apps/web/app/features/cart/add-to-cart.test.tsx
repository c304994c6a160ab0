import type { CartView, Variant } from "@storefront/domain";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADDED_DELAY_MS, AddToCart, changedPrice } from "./add-to-cart";
import { useCartStore } from "./cart-store";

const variant = (stock: number): Variant => ({
  sku: "ITCHY-1",
  product_attributes: { "pack size": "1" },
  product_price: 3995,
  prices: { usd: 3995 },
  image_urls: [],
  total_stock: stock,
  requires_shipping: true,
  subscriptions: [],
});

/** A cart answer holding one line of ITCHY-1 (the fields the price check reads, and the rest). */
function cartWith(line: Partial<CartView["cartItems"][number]>): CartView {
  return {
    currency: "usd",
    cartItems: [
      {
        sku: "ITCHY-1",
        quantity: 1,
        product_price: 3995,
        line_total: line.product_price ?? 3995,
        handle: "itchy-scratchy",
        title: "Itchy Scratchy",
        image_url: null,
        attributes: {},
        total_stock: 5,
        requires_shipping: true,
        subscription: null,
        bundle_id: null,
        skus_selected: null,
        contents: null,
        ...line,
      },
    ],
    activeDiscount: null,
    subtotal: line.product_price ?? 3995,
    discount: 0,
    totalCost: line.product_price ?? 3995,
    freeShippingRemaining: null,
    freeShippingThreshold: null,
    itemCount: 1,
    status: "active",
  };
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("add to cart", () => {
  it("is disabled without a variant and reads Out of Stock when none is left", () => {
    const { rerender } = render(<AddToCart variant={undefined} />);
    expect(
      (screen.getByRole("button", { name: "Unavailable" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    rerender(<AddToCart variant={variant(0)} />);
    expect(
      (screen.getByRole("button", { name: "Out of Stock" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("keeps quantity between 1 and 99 and says so inline when it passes the stock", () => {
    render(<AddToCart variant={variant(2)} />);
    const minus = screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Requested quantity exceeds available stock",
    );
    expect(
      (screen.getByRole("button", { name: "Out of Stock" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows the server's refusal inline and stays usable", async () => {
    vi.stubGlobal(
      "fetch",
      answer(409, {
        error: { code: "conflict", message: "Cart is full. Maximum 19 different items allowed." },
      }),
    );
    render(<AddToCart variant={variant(5)} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "Cart is full. Maximum 19 different items allowed.",
    );
    expect(
      (screen.getByRole("button", { name: "Add to cart" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("in a popup, is busy after an add, then 1.5 s later calls onAdded (the popup closes) and only then opens the drawer", async () => {
    vi.useFakeTimers();
    const cart = { cartItems: [], itemCount: 1 };
    vi.stubGlobal("fetch", answer(200, cart));
    const onAdded = vi.fn();
    render(<AddToCart variant={variant(5)} onAdded={onAdded} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    expect(screen.getByRole("button", { name: "Adding…" })).toBeTruthy();
    // Two modal dialogs are never open at once: the drawer waits for the popup to close.
    expect(useCartStore.getState().drawerOpen).toBe(false);
    expect(useCartStore.getState().cart).toEqual(cart);
    act(() => vi.advanceTimersByTime(ADDED_DELAY_MS - 1));
    expect(onAdded).not.toHaveBeenCalled();
    expect(useCartStore.getState().drawerOpen).toBe(false);
    onAdded.mockImplementation(() => {
      expect(useCartStore.getState().drawerOpen).toBe(false);
    });
    act(() => vi.advanceTimersByTime(1));
    expect(onAdded).toHaveBeenCalledOnce();
    expect(useCartStore.getState().drawerOpen).toBe(true);
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeTruthy();
  });

  it("on a page, opens the drawer as soon as the cart has the item", async () => {
    vi.stubGlobal("fetch", answer(200, { cartItems: [], itemCount: 1 }));
    render(<AddToCart variant={variant(5)} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    expect(useCartStore.getState().drawerOpen).toBe(true);
  });

  it("says what the cart charges, asks for the product again and stays open when the price changed since the page was loaded", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", answer(200, cartWith({ product_price: 4295 })));
    const onAdded = vi.fn();
    const onPriceChanged = vi.fn();
    render(<AddToCart variant={variant(5)} onAdded={onAdded} onPriceChanged={onPriceChanged} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    expect(screen.getByText(/^The price has changed/).textContent).toBe(
      "The price has changed since this page was loaded: your cart has it at $42.95 each.",
    );
    expect(onPriceChanged).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(ADDED_DELAY_MS * 2));
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeTruthy();
  });

  it("adds without a notice when the cart charges the price shown", async () => {
    vi.stubGlobal("fetch", answer(200, cartWith({ product_price: 3995 })));
    const onPriceChanged = vi.fn();
    render(<AddToCart variant={variant(5)} onPriceChanged={onPriceChanged} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    });
    expect(screen.queryByText(/The price has changed/)).toBeNull();
    expect(onPriceChanged).not.toHaveBeenCalled();
  });
});

describe("changedPrice", () => {
  const plan = { subscription_id: "monthly", subscription_price: 3596 };
  const withPlan: Variant = { ...variant(5), subscriptions: [plan] };
  it("compares a subscription line with the plan's price, and the cart's currency with the page's", () => {
    const planLine = cartWith({
      product_price: 3596,
      subscription: {
        ...plan,
        label: "Monthly",
        interval: "month",
        interval_count: 1,
        discount_percentage: 10,
      },
    });
    expect(changedPrice(planLine, withPlan, "monthly", "usd")).toBeNull();
    expect(changedPrice(planLine, withPlan, "monthly", "cad")).toEqual({
      amount: 3596,
      currency: "usd",
    });
    expect(changedPrice(cartWith({ product_price: 3995 }), withPlan, null, "usd")).toBeNull();
    expect(changedPrice(cartWith({ product_price: 3995 }), withPlan, "monthly", "usd")).toBeNull();
    expect(changedPrice(null, withPlan, null, "usd")).toBeNull();
  });
});
