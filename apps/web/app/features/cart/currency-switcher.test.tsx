import type { Currency } from "@storefront/domain";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useCartStore } from "./cart-store";
import { CurrencySwitcher } from "./currency-switcher";

function renderSwitcher(currencies: Currency[], currency: Currency) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ currency, store: { currencies } }),
      Component: () => (
        <main>
          <CurrencySwitcher />
          <p>Loaded</p>
        </main>
      ),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

beforeEach(() => {
  useCartStore.setState({ cart: null, drawerOpen: false, error: null });
});

describe("the header's currency switcher", () => {
  it("offers the currencies the store sells in", async () => {
    renderSwitcher(["usd", "cad"], "cad");
    const select = await screen.findByRole("combobox", { name: "Currency" }, { timeout: 5_000 });
    expect((select as HTMLSelectElement).value).toBe("cad");
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["USD $", "CAD CA$"]);
  });

  it("offers no choice at a store that sells in one currency", async () => {
    renderSwitcher(["cad"], "cad");
    await screen.findByText("Loaded", undefined, { timeout: 5_000 });
    expect(screen.queryByRole("combobox", { name: "Currency" })).toBeNull();
  });
});
