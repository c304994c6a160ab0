import type { CartView, Product } from "@storefront/domain";
import { screen, within } from "@testing-library/react";

/**
 * "Calm & Comfort Duo": any 2 of three remedies at $69.95 (each $39.95 alone). Calm Down has
 * 10 left, Ouchie 1, Forever Young none.
 */
export const calmDuo: Product = {
  id: "p-calm-duo",
  handle: "calm-comfort-duo",
  product_title: "Calm & Comfort Duo",
  description_html: "<p>Any two remedies, for less.</p>",
  meta_description: "Any two remedies, for less.",
  currency: "usd",
  product_price: 6995,
  product_urls: [],
  variant_list: {},
  variants: [
    {
      sku: "CALM-DUO",
      product_attributes: {},
      product_price: 6995,
      prices: { usd: 6995 },
      image_urls: [],
      // As the store answers it: how many duos the choices' stock can fill.
      total_stock: 5,
      requires_shipping: true,
      subscriptions: [],
    },
  ],
  subscription_plans: [],
  bundle: {
    slots: 2,
    choices: [
      {
        sku: "DRAMA-1",
        handle: "no-more-drama",
        title: "Calm Down",
        attributes: { size: "2 oz" },
        image_url: null,
        price: 3995,
        total_stock: 10,
      },
      {
        sku: "OUCHIE-1",
        handle: "ouchie",
        title: "Ouchie",
        attributes: { size: "2 oz" },
        image_url: null,
        price: 3995,
        total_stock: 1,
      },
      {
        sku: "YOUNG-1",
        handle: "forever-young",
        title: "Forever Young",
        attributes: { size: "2 oz" },
        image_url: null,
        price: 3995,
        total_stock: 0,
      },
    ],
  },
};

type Line = CartView["cartItems"][number];

/** A line of the duo: `skus` its selection, `contents` what one duo of it holds. */
export function duoLine(
  skus: string[],
  contents: NonNullable<Line["contents"]>,
  quantity = 1,
): Line {
  return {
    sku: "CALM-DUO",
    quantity,
    product_price: 6995,
    line_total: 6995 * quantity,
    handle: "calm-comfort-duo",
    title: "Calm & Comfort Duo",
    image_url: null,
    attributes: {},
    total_stock: 5,
    requires_shipping: true,
    subscription: null,
    bundle_id: "calm-comfort-duo",
    skus_selected: skus,
    contents,
  };
}

const calmDown = { sku: "DRAMA-1", title: "Calm Down", attributes: { size: "2 oz" } };
const ouchie = { sku: "OUCHIE-1", title: "Ouchie", attributes: { size: "2 oz" } };

/** Two lines of the duo: two Calm Down, and Ouchie with Calm Down (chosen in that order). */
export function duoCart(): CartView {
  const lines = [
    duoLine(["DRAMA-1", "DRAMA-1"], [{ ...calmDown, quantity: 2 }]),
    duoLine(
      ["OUCHIE-1", "DRAMA-1"],
      [
        { ...ouchie, quantity: 1 },
        { ...calmDown, quantity: 1 },
      ],
    ),
  ];
  return {
    currency: "usd",
    cartItems: lines,
    activeDiscount: null,
    subtotal: 13990,
    discount: 0,
    totalCost: 13990,
    freeShippingRemaining: 910,
    freeShippingThreshold: 14_900,
    itemCount: 2,
    status: "active",
  };
}

/** What each bundle line on the screen says it holds, a list of texts per line. */
export function bundleContentsShown(): (string | null)[][] {
  return screen.getAllByRole("list", { name: "In this bundle" }).map((list) =>
    within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  );
}
