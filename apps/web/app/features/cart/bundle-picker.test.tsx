import { BUNDLE_MESSAGES } from "@storefront/domain";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calmDuo, duoCart } from "../../../test/bundle-fixtures";
import { fakeApi } from "../../../test/checkout-fixtures";
import { ADDED_DELAY_MS } from "./add-flow";
import { BundlePicker, choiceFits } from "./bundle-picker";
import { useCartStore } from "./cart-store";

const bundle = calmDuo.bundle;
if (!bundle) throw new Error("the duo is a bundle");

const addButton = () => screen.getByRole("button", { name: "Add to cart" }) as HTMLButtonElement;
const slot = (n: number) => screen.getByLabelText(`Item ${n} of 2`) as HTMLSelectElement;
const choose = (n: number, sku: string) => fireEvent.change(slot(n), { target: { value: sku } });
const option = (n: number, name: string | RegExp) =>
  within(slot(n)).getByRole("option", { name }) as HTMLOptionElement;

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("bundle picker", () => {
  it("has one labelled dropdown per slot, none chosen, and Add to cart disabled until every slot is filled", () => {
    render(<BundlePicker product={calmDuo} bundle={bundle} />);
    expect(screen.getByRole("group", { name: BUNDLE_MESSAGES.fill(2) })).toBeTruthy();
    expect(slot(1).value).toBe("");
    expect(slot(2).value).toBe("");
    expect(option(1, "Calm Down — 2 oz").value).toBe("DRAMA-1");
    expect(addButton().disabled).toBe(true);
    choose(1, "DRAMA-1");
    expect(addButton().disabled).toBe(true);
    // The same remedy may fill both slots.
    choose(2, "DRAMA-1");
    expect(addButton().disabled).toBe(false);
  });

  it("says what the bundle saves once every slot is filled", () => {
    render(<BundlePicker product={calmDuo} bundle={bundle} />);
    expect(screen.queryByText(/You save/)).toBeNull();
    choose(1, "DRAMA-1");
    expect(screen.queryByText(/You save/)).toBeNull();
    choose(2, "OUCHIE-1");
    // $39.95 + $39.95 alone, $69.95 together.
    expect(screen.getByText("You save $9.95")).toBeTruthy();
  });

  it("disables a choice whose stock is used up by the other slots, or that has none", () => {
    render(<BundlePicker product={calmDuo} bundle={bundle} />);
    expect(option(1, "Forever Young — 2 oz — Out of stock").disabled).toBe(true);
    expect(option(2, "Ouchie — 2 oz").disabled).toBe(false);
    // One Ouchie is left: once the first slot holds it, the second cannot.
    choose(1, "OUCHIE-1");
    expect(option(2, "Ouchie — 2 oz — Out of stock").disabled).toBe(true);
    expect(option(2, "Calm Down — 2 oz").disabled).toBe(false);
    // The slot that holds it keeps it.
    expect(option(1, "Ouchie — 2 oz").disabled).toBe(false);
  });

  it("reads Out of Stock when the choices' stock cannot fill one bundle", () => {
    const variants = calmDuo.variants.map((v) => ({ ...v, total_stock: 0 }));
    render(<BundlePicker product={{ ...calmDuo, variants }} bundle={bundle} />);
    expect(
      (screen.getByRole("button", { name: "Out of Stock" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("says the stock is too low when the quantity passes it, and does not add", () => {
    const calls = fakeApi(() => ({ status: 200, body: duoCart() }));
    render(<BundlePicker product={calmDuo} bundle={bundle} />);
    choose(1, "DRAMA-1");
    choose(2, "OUCHIE-1");
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Requested quantity exceeds available stock",
    );
    expect(
      (screen.getByRole("button", { name: "Out of Stock" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls).toEqual([]);
  });

  it("adds the bundle with its selection, and 1.5 s later calls onAdded (the popup closes) and then opens the cart", async () => {
    vi.useFakeTimers();
    const calls = fakeApi(() => ({ status: 200, body: duoCart() }));
    const onAdded = vi.fn();
    render(<BundlePicker product={calmDuo} bundle={bundle} onAdded={onAdded} />);
    choose(1, "OUCHIE-1");
    choose(2, "DRAMA-1");
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        "POST",
        "/api/cart/items",
        { bundle_id: "calm-comfort-duo", skus_selected: ["OUCHIE-1", "DRAMA-1"], quantity: 1 },
      ],
    ]);
    expect(screen.getByRole("button", { name: "Adding…" })).toBeTruthy();
    expect(useCartStore.getState().drawerOpen).toBe(false);
    expect(useCartStore.getState().cart).toEqual(duoCart());
    // The cart charges the price shown: no notice.
    expect(screen.queryByText(/The price has changed/)).toBeNull();
    act(() => vi.advanceTimersByTime(ADDED_DELAY_MS));
    expect(onAdded).toHaveBeenCalledOnce();
    // The popup has closed: now the drawer opens.
    expect(useCartStore.getState().drawerOpen).toBe(true);
  });

  it("shows the cart's refusal inline and stays usable", async () => {
    const message = BUNDLE_MESSAGES.notAChoice("OUCHIE-1");
    fakeApi(() => ({ status: 422, body: { error: { code: "invalid", message } } }));
    render(<BundlePicker product={calmDuo} bundle={bundle} />);
    choose(1, "OUCHIE-1");
    choose(2, "DRAMA-1");
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(addButton().disabled).toBe(false);
    expect(useCartStore.getState().drawerOpen).toBe(false);
  });
});

describe("choiceFits", () => {
  it("counts what the other slots hold of the choice, times the quantity", () => {
    const a = { sku: "A", total_stock: 3 };
    expect(choiceFits(["", ""], 0, a, 3)).toBe(true);
    expect(choiceFits(["A", ""], 1, a, 1)).toBe(true);
    expect(choiceFits(["A", ""], 1, a, 2)).toBe(false);
    // Its own slot does not count.
    expect(choiceFits(["A", ""], 0, a, 3)).toBe(true);
  });
});
