import { type CartView, DEFAULT_THEME, type StoreInfo } from "@storefront/domain";
import { vi } from "vitest";

/** A cart of two bottles of Eat! in one currency. */
export function cartOf(currency: "usd" | "cad", subtotal = 7990, discount = 0): CartView {
  return {
    currency,
    cartItems: [
      {
        sku: "EAT-1",
        quantity: 2,
        product_price: subtotal / 2,
        line_total: subtotal,
        handle: "eat",
        title: "Eat!",
        image_url: null,
        attributes: { "pack size": "1" },
        total_stock: 66,
        requires_shipping: true,
        subscription: null,
        bundle_id: null,
        skus_selected: null,
        contents: null,
      },
    ],
    activeDiscount: null,
    subtotal,
    discount,
    totalCost: subtotal - discount,
    freeShippingRemaining: currency === "usd" ? Math.max(0, 14900 - subtotal) : null,
    freeShippingThreshold: currency === "usd" ? 14_900 : null,
    itemCount: 2,
    status: "active",
  };
}

/** Store information with or without a Stripe publishable key (or with no card payments yet). */
export function storeInfoOf(
  stripeKey: string | null,
  cardPayments: StoreInfo["cardPayments"] = stripeKey ? "stripe" : "test",
): StoreInfo {
  return {
    storeId: "pet-remedies",
    brandName: "Pawsome Herbals",
    logo: "/logo.svg",
    brandDescription: "",
    stripeId: stripeKey ? "acct_1Store" : null,
    stripe_publishable_key: stripeKey,
    cardPayments,
    defaultCurrency: "usd",
    currencies: ["usd", "cad"],
    theme: DEFAULT_THEME,
    Navbar: { menus: [], links: [] },
    Footer: { columns: [], social: [] },
    GlobalStyles: {},
    TopCallOutSection: { messages: [] },
    TopPageCallout: null,
    ProductTrust: [],
    analyticsConsent: "not_required",
  };
}

/** A quote as the server answers it: Standard $8 / Express $18, 4 % tax on goods and shipping. */
export function quoteFor(
  subtotal: number,
  shippingOptionId?: string,
  currency: "usd" | "cad" = "usd",
  /** Loyalty points spent, 5 cents each. */
  pointsUsed = 0,
) {
  const pointsDiscount = pointsUsed * 5;
  const options = [
    { id: "standard", label: "Standard", amount: 800, estimate: "3–5 business days", free: false },
    { id: "express", label: "Express", amount: 1800, estimate: "1–2 business days", free: false },
  ];
  const selected = options.find((o) => o.id === shippingOptionId) ?? options[0];
  const shipping = selected?.amount ?? 0;
  const taxAmount = Math.round(((subtotal - pointsDiscount + shipping) * 4) / 100);
  return {
    currency,
    itemCount: 2,
    subtotal,
    discountAmount: 0,
    discountCode: null,
    discountPercentage: null,
    pointsUsed,
    pointsDiscount,
    shippingOptions: options,
    selectedShippingOption: selected,
    shipping,
    isFreeShipping: false,
    taxLines: [{ name: "Sales tax", rate: 4000, amount: taxAmount }],
    taxAmount,
    canCalculateTax: true,
    requiresShipping: true,
    total: subtotal - pointsDiscount + shipping + taxAmount,
    orderNotice: null as string | null,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body: unknown } | "network";

/**
 * Replaces fetch with `answer` and records every call. "network" rejects like a lost
 * connection.
 */
export function fakeApi(answer: (call: ApiCall) => Answer | Promise<Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call: ApiCall = {
        method: init.method ?? "GET",
        path,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const result = await answer(call);
      if (result === "network") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(result.body), { status: result.status });
    }),
  );
  return calls;
}
