import type { AdminProductDetail } from "@storefront/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleOf } from "./product-draft";
import { ProductEditor } from "./product-editor";

const saved: AdminProductDetail = {
  id: "7d1c4a52-8f0e-4a57-9e55-3f5d3f0e8a11",
  title: "Calm Chews",
  handle: "calm-chews",
  descriptionHtml: "<p>Soft chews.</p>",
  metaDescription: "",
  tags: [{ facet: "pet", value: "dogs", label: "Dogs" }],
  collectionIds: [],
  published: true,
  bundle: null,
  variants: [
    {
      id: "9b0f3c8e-1d2a-4e5b-8c7d-6a5b4c3d2e1f",
      sku: "CALM-30",
      attributes: { Size: "30 chews" },
      prices: [
        { currency: "cad", amount: 3200 },
        { currency: "usd", amount: 2400 },
      ],
      stock: 12,
      requiresShipping: true,
    },
  ],
  plans: [],
  images: [],
};

function renderEditor(product: AdminProductDetail | null) {
  const Stub = createRoutesStub([
    {
      path: "/admin/products/:id",
      Component: () => (
        <ProductEditor product={product} collections={[]} currencies={["usd", "cad"]} />
      ),
    },
  ]);
  render(<Stub initialEntries={[`/admin/products/${product?.id ?? "new"}`]} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the product editor", () => {
  it("makes a handle of the title until the owner types one", () => {
    expect(handleOf("Chef's Knife — 8\" Édition")).toBe("chef-s-knife-8-edition");
    renderEditor(null);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Calm Chews" } });
    expect(screen.getByLabelText(/^Handle/)).toHaveProperty("value", "calm-chews");
  });

  it("says what to fix in a price without sending anything", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderEditor(saved);
    fireEvent.change(screen.getByLabelText("Price USD"), { target: { value: "twenty" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the product" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "CALM-30: the USD price must be an amount like 24.00",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves the whole product with the stock as it was read, prices in cents and options as attributes", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(saved), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    renderEditor(saved);
    fireEvent.change(screen.getByLabelText("Stock"), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText("Price CAD"), { target: { value: "29.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the product" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/admin/products/${saved.id}`);
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toMatchObject({
      title: "Calm Chews",
      handle: "calm-chews",
      tags: [{ facet: "pet", value: "dogs", label: "Dogs" }],
      variants: [
        {
          id: saved.variants[0]?.id,
          sku: "CALM-30",
          attributes: { Size: "30 chews" },
          prices: [
            { currency: "usd", amount: 2400 },
            { currency: "cad", amount: 2950 },
          ],
          stock: 20,
          expectedStock: 12,
          requiresShipping: true,
        },
      ],
    });
  });

  it("makes a new product a bundle: its items and choices, one variant and no plans", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...saved, bundle: { slots: 2, choices: [] } }), {
          status: 201,
        }),
    );
    vi.stubGlobal("fetch", fetch);
    renderEditor(null);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Pick a Pair" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /^A bundle/ }));
    expect(screen.queryByRole("button", { name: "Add a plan" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a variant" })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Items to choose/), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(/^Choices/), {
      target: { value: "ITCHY-1, DRAMA-1\nEAT-1" },
    });
    fireEvent.change(screen.getByLabelText("SKU"), { target: { value: "PAIR-1" } });
    fireEvent.change(screen.getByLabelText("Price USD"), { target: { value: "60" } });
    fireEvent.change(screen.getByLabelText("Price CAD"), { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the product" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/admin/products");
    expect(JSON.parse(String(init.body))).toMatchObject({
      handle: "pick-a-pair",
      bundle: { slots: 3, choices: ["ITCHY-1", "DRAMA-1", "EAT-1"] },
      plans: [],
      variants: [{ sku: "PAIR-1", prices: [{ amount: 6000 }, { amount: 8000 }] }],
    });
  });

  it("shows a saved bundle's items and choices, and keeps it a bundle", () => {
    renderEditor({ ...saved, bundle: { slots: 2, choices: ["ITCHY-1", "DRAMA-1"] } });
    expect(screen.queryByRole("checkbox", { name: /^A bundle/ })).toBeNull();
    expect(screen.getByLabelText(/^Items to choose/)).toHaveProperty("value", "2");
    expect(screen.getByLabelText(/^Choices/)).toHaveProperty("value", "ITCHY-1, DRAMA-1");
  });
});
