import { PETS, visitorWithOwnIp } from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";

/** A product as a new admin would fill the form in. */
export function calmChews(overrides: Record<string, unknown> = {}) {
  return {
    title: "Calm Chews",
    handle: "calm-chews",
    descriptionHtml:
      '<p>Soft chews for <strong>anxious</strong> dogs.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    metaDescription: "Soft calming chews for dogs.",
    tags: [{ facet: "pet", value: "dog", label: "Dogs" }],
    published: true,
    variants: [
      {
        sku: "CALM-30",
        attributes: { Size: "30 chews" },
        prices: [
          { currency: "usd", amount: 2400 },
          { currency: "cad", amount: 3200 },
        ],
        stock: 12,
        requiresShipping: true,
      },
    ],
    plans: [
      {
        code: "monthly",
        label: "Every month",
        interval: "month",
        intervalCount: 1,
        discountPercentage: 10,
      },
    ],
    ...overrides,
  };
}

/** The shoppers the product editor tests send, on the test app `testApp()` answers. */
export function productEditorTestHelpers(testApp: () => TestApp) {
  const shopper = () => visitorWithOwnIp(testApp().app, PETS);

  return { shopper };
}
