import { describe, expect, it } from "vitest";
import type { TaxLine } from "./checkout-schema.ts";
import { type OrderDraftCartLine, type OrderDraftInput, orderDraft } from "./order-draft.ts";

const ADDRESS = {
  line1: "9 Elm St",
  line2: "",
  city: "Buffalo",
  region: "NY",
  postalCode: "14201",
  country: "US" as const,
};
const TAX: TaxLine[] = [{ name: "Sales tax", rate: 4000, amount: 352 }];
const ONE_TIME: OrderDraftCartLine = {
  variantId: "v-1",
  productId: "p-1",
  sku: "EAT-2",
  handle: "calm-chews",
  title: "Calm Chews",
  attributes: { size: "60 ct" },
  imageUrls: ["/media/chews-1.webp", "/media/chews-2.webp"],
  quantity: 2,
  price: 2_500,
  plan: null,
  selection: [],
  contents: null,
};
const MONTHLY = {
  subscription_id: "monthly",
  label: "Every month",
  interval: "month" as const,
  interval_count: 1,
  discount_percentage: 10,
};
const SUBSCRIBED: OrderDraftCartLine = {
  ...ONE_TIME,
  variantId: "v-2",
  sku: "DRAMA-2",
  attributes: {},
  imageUrls: [],
  quantity: 1,
  price: 3_600,
  plan: { id: "plan-1", terms: MONTHLY },
};

const base: OrderDraftInput = {
  storeId: "pet-remedies",
  idempotencyKey: "key-1",
  buyer: { userId: null, email: "buyer@example.com", name: "Ann Buyer" },
  address: ADDRESS,
  cart: {
    id: "cart-1",
    currency: "usd",
    subtotal: 8_600,
    discount: 0,
    code: null,
    lines: [ONE_TIME, SUBSCRIBED],
  },
  totals: {
    subtotal: 8_600,
    discountAmount: 0,
    pointsUsed: 0,
    pointsDiscount: 0,
    shipping: 795,
    taxLines: TAX,
    taxAmount: 352,
    total: 9_747,
  },
  shipping: { id: "standard", label: "Standard" },
  affiliate: null,
  paymentProvider: "test",
  paymentAccount: null,
};

describe("orderDraft", () => {
  it("freezes each line's price, first image and plan terms, in the cart's order", () => {
    expect(orderDraft(base).lines).toEqual([
      {
        variantId: "v-1",
        productId: "p-1",
        sku: "EAT-2",
        handle: "calm-chews",
        title: "Calm Chews",
        attributes: { size: "60 ct" },
        imageUrl: "/media/chews-1.webp",
        quantity: 2,
        unitPrice: 2_500,
        planId: null,
        subscription: null,
        selection: [],
        contents: null,
      },
      {
        variantId: "v-2",
        productId: "p-1",
        sku: "DRAMA-2",
        handle: "calm-chews",
        title: "Calm Chews",
        attributes: {},
        imageUrl: null,
        quantity: 1,
        unitPrice: 3_600,
        planId: "plan-1",
        subscription: MONTHLY,
        selection: [],
        contents: null,
      },
    ]);
  });

  it("keeps the totals the shopper was shown, the chosen shipping and who is buying", () => {
    const { lines: _lines, ...order } = orderDraft({
      ...base,
      buyer: { ...base.buyer, userId: "user-1" },
      paymentProvider: "stripe",
      paymentAccount: "acct_1Store",
    });
    expect(order).toEqual({
      storeId: "pet-remedies",
      idempotencyKey: "key-1",
      userId: "user-1",
      cartId: "cart-1",
      email: "buyer@example.com",
      name: "Ann Buyer",
      address: ADDRESS,
      currency: "usd",
      subtotal: 8_600,
      discountAmount: 0,
      discountCodeId: null,
      discountCode: null,
      pointsSpent: 0,
      pointsDiscount: 0,
      affiliateUserId: null,
      commissionAmount: 0,
      tradePrices: false,
      shippingOptionId: "standard",
      shippingLabel: "Standard",
      shippingAmount: 795,
      taxLines: TAX,
      taxAmount: 352,
      total: 9_747,
      paymentProvider: "stripe",
      paymentAccount: "acct_1Store",
      // A signed-in buyer's cart with a subscription line: the payment keeps the card.
      savesPaymentMethod: true,
      renewalOf: null,
    });
  });

  it("keeps the card only for a signed-in buyer's order with a subscription line", () => {
    expect(orderDraft(base).savesPaymentMethod).toBe(false);
    const signedIn = { ...base, buyer: { ...base.buyer, userId: "user-1" } };
    expect(orderDraft(signedIn).savesPaymentMethod).toBe(true);
    const oneTime = base.cart.lines.map((l) => ({ ...l, plan: null }));
    expect(
      orderDraft({ ...signedIn, cart: { ...base.cart, lines: oneTime } }).savesPaymentMethod,
    ).toBe(false);
  });

  it.each([
    // [case, code, affiliate, cart subtotal, cart discount, code id, code, affiliate, commission]
    ["no code", null, null, 8_600, 0, null, null, null, 0],
    ["a store code", { id: "c-1", code: "spring10" }, null, 8_600, 860, "c-1", "SPRING10", null, 0],
    [
      "a personal code at 10 %",
      { id: "c-2", code: "ann-friends" },
      { userId: "aff-1", percentage: 10 },
      8_600,
      860,
      "c-2",
      "ANN-FRIENDS",
      "aff-1",
      774,
    ],
    [
      "a personal code rounding down",
      { id: "c-2", code: "Ann-Friends" },
      { userId: "aff-1", percentage: 7 },
      999,
      0,
      "c-2",
      "ANN-FRIENDS",
      "aff-1",
      69,
    ],
    [
      "a personal code whose owner has no percentage",
      { id: "c-3", code: "x" },
      { userId: "aff-2", percentage: 0 },
      8_600,
      0,
      "c-3",
      "X",
      "aff-2",
      0,
    ],
  ] as const)(
    "%s: code and commission",
    (_case, code, affiliate, subtotal, discount, codeId, codeText, affiliateId, commission) => {
      const draft = orderDraft({
        ...base,
        cart: { ...base.cart, code, subtotal, discount },
        affiliate,
      });
      expect(draft.discountCodeId).toBe(codeId);
      expect(draft.discountCode).toBe(codeText);
      expect(draft.affiliateUserId).toBe(affiliateId);
      expect(draft.commissionAmount).toBe(commission);
    },
  );

  it("bases the commission on the cart's own subtotal and discount, not the capped totals", () => {
    const draft = orderDraft({
      ...base,
      cart: { ...base.cart, subtotal: 1_000, discount: 1_500 },
      totals: { ...base.totals, subtotal: 1_000, discountAmount: 1_000 },
      affiliate: { userId: "aff-1", percentage: 10 },
    });
    expect(draft.commissionAmount).toBe(0);
    expect(draft.discountAmount).toBe(1_000);
  });

  it("records the points the buyer spends and pays the affiliate on what is left of the goods", () => {
    const draft = orderDraft({
      ...base,
      buyer: { ...base.buyer, userId: "user-1" },
      cart: { ...base.cart, code: { id: "c-2", code: "ann-friends" }, discount: 860 },
      totals: { ...base.totals, discountAmount: 860, pointsUsed: 120, pointsDiscount: 600 },
      affiliate: { userId: "aff-1", percentage: 10 },
    });
    expect(draft.pointsSpent).toBe(120);
    expect(draft.pointsDiscount).toBe(600);
    // 10 % of 8,600 − 860 − 600.
    expect(draft.commissionAmount).toBe(714);
  });
});
