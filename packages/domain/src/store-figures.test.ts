import { describe, expect, it } from "vitest";
import type { CheckoutSettings } from "./checkout.ts";
import { fillFigures, storeFigures } from "./store-figures.ts";

const SETTINGS: CheckoutSettings = {
  shipping: {
    US: [{ id: "standard", label: "Standard", amount: 795, estimate: "3–5 business days" }],
    CA: [{ id: "express", label: "Express", amount: 3_000, estimate: "2–3 business days" }],
  },
  freeShipping: { US: 14_900 },
  tax: {},
};

describe("store figures in content", () => {
  it("names each shipping option's price in its country's currency and its estimate", () => {
    expect(storeFigures(SETTINGS, 10)).toEqual({
      free_shipping_threshold: "$149",
      "free_shipping.US": "$149",
      "shipping.US.standard": "$7.95",
      "shipping.US.standard.estimate": "3–5 business days",
      "shipping.CA.express": "CA$30",
      "shipping.CA.express.estimate": "2–3 business days",
      "affiliate.percentage": "10",
    });
  });

  it("names each country's free-shipping threshold in its currency, and none where it never ships free", () => {
    const figures = storeFigures({ ...SETTINGS, freeShipping: { CA: 20_050 } }, null);
    expect(figures["free_shipping.CA"]).toBe("CA$200.50");
    expect(figures).not.toHaveProperty("free_shipping.US");
    expect(figures).not.toHaveProperty("free_shipping_threshold");
  });

  it("has no affiliate figure for a store without a programme", () => {
    expect(storeFigures(SETTINGS, null)).not.toHaveProperty("affiliate.percentage");
  });

  it("fills every string of a document at any depth and leaves unknown names as written", () => {
    const figures = storeFigures(SETTINGS, 15);
    const doc = {
      title: "Shipping",
      "text-1": "<p>{{ shipping.US.standard }} ({{shipping.US.standard.estimate}})</p>",
      sections: [{ content: "Earn {{affiliate.percentage}}% on {{nope}}" }],
      count: 3,
      none: null,
    };
    expect(fillFigures(doc, figures)).toEqual({
      title: "Shipping",
      "text-1": "<p>$7.95 (3–5 business days)</p>",
      sections: [{ content: "Earn 15% on {{nope}}" }],
      count: 3,
      none: null,
    });
  });
});
