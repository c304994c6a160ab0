import { PETS, signedInAdmin, visitorWithOwnIp } from "../../../test/fixtures.ts";
import { madeBeforeAll, readThrough, type TestApp, useTestApp } from "../../../test/helper.ts";

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

/**
 * The product editor tests' app and an admin of the pet store signed in on it, both made before
 * the tests (the app closed after them), with the shared steps.
 */
export function useProductEditorApp() {
  const t = useTestApp();
  const admin = readThrough(
    madeBeforeAll(
      () => signedInAdmin(t)(),
      async () => {},
    ),
  );
  return { t, admin, ...productEditorTestHelpers(() => t) };
}
