import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { duoCart } from "../../../test/bundle-fixtures";
import { cartOf, fakeApi } from "../../../test/checkout-fixtures";
import { useCartStore } from "./cart-store";
import { replaceCart } from "./replace-cart";

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("replaceCart", () => {
  it("sends a bundle line with its bundle_id and skus_selected, a plain line without", async () => {
    const calls = fakeApi(() => ({ status: 200, body: duoCart() }));
    const [plain] = cartOf("usd").cartItems;
    const [twoCalm] = duoCart().cartItems;
    if (!plain || !twoCalm) throw new Error("lines expected");
    expect(await replaceCart([plain, twoCalm])).toEqual({ ok: true });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        "POST",
        "/metrics/cart-items",
        {
          cartItems: [
            { sku: "EAT-1", quantity: 2, subscription: null },
            {
              sku: "CALM-DUO",
              quantity: 1,
              subscription: null,
              bundle_id: "calm-comfort-duo",
              skus_selected: ["DRAMA-1", "DRAMA-1"],
            },
          ],
        },
      ],
    ]);
    expect(useCartStore.getState().cart).toEqual(duoCart());
  });
});
