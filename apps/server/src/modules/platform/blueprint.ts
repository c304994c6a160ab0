import type { DemoStore } from "@storefront/domain";
import {
  type CheckoutSettings,
  COUNTRY_NAMES,
  COUNTRY_WORDS,
  type Country,
  countryOfCurrency,
  DEFAULT_CHECKOUT_SETTINGS,
  DEFAULT_THEME,
  type NewStore,
  type PageDocument,
  spokenList,
} from "@storefront/domain";
import { escapeHtml } from "../../lib/html.ts";

/**
 * The shipping policy's list: for each country the store sells to, each of its rates and its
 * free-shipping threshold, all as `{{…}}` figures of the store's own settings.
 */
function shippingList(countries: readonly Country[], settings: CheckoutSettings): string {
  const items = countries.map((country) => {
    const rates = settings.shipping[country].map(
      (r) =>
        `${escapeHtml(r.label)} {{shipping.${country}.${r.id}}} ({{shipping.${country}.${r.id}.estimate}})`,
    );
    const free =
      settings.freeShipping[country] !== undefined
        ? ` Free shipping on orders of {{free_shipping.${country}}} or more.`
        : "";
    const offer = rates.length > 0 ? `${rates.join(", ")}.` : "We do not ship here yet.";
    return `<li><strong>${COUNTRY_NAMES[country]}:</strong> ${offer}${free}</li>`;
  });
  return `<ul>${items.join("")}</ul>`;
}

/**
 * The policy pages every new store starts with. Figures in `{{…}}` are filled from the store's
 * own settings when the page is read (its shipping rates, estimates and free-shipping
 * thresholds), so a page never quotes a rate the checkout does not charge; the owner edits the
 * rest in the admin's content screen.
 */
function policyPages(
  brand: string,
  countries: readonly Country[],
  settings: CheckoutSettings,
  currencies: string,
): Record<string, PageDocument> {
  // The brand as it goes into the pages' HTML: "Salt & Pepper" stays text, never markup.
  const html = escapeHtml(brand);
  const policy = (title: string, description: string, ...paragraphs: string[]): PageDocument => ({
    title,
    metaDescription: description,
    textAlign: "left",
    ...Object.fromEntries(paragraphs.map((p, i) => [`text-${i + 1}`, p])),
  });
  const places = spokenList(
    countries.map((c) => (c === "US" ? "the United States" : COUNTRY_NAMES[c])),
  );
  return {
    "policies/shipping-policy": policy(
      "Shipping Policy",
      `How ${brand} ships orders, what it costs and how long it takes.`,
      `<p>${html} ships to ${places}. Orders leave within two business days.</p>`,
      shippingList(countries, settings),
      "<p>You receive an email with your order's details as soon as it is paid.</p>",
    ),
    "policies/refund-policy": policy(
      "Refund Policy",
      `Returns and refunds at ${brand}.`,
      "<p>If something is not right with your order, tell us within 30 days of delivery and we will make it right: a replacement or a refund to your card.</p>",
      "<p>Unopened items may be returned for a full refund. Refunds reach your card within 5 to 10 business days of our receiving the return.</p>",
    ),
    "policies/privacy-policy": policy(
      "Privacy Policy",
      `How ${brand} collects, uses and protects your information.`,
      `<p>This policy explains what information ${html} collects and how it is used.</p>`,
      "<ul><li><strong>What we collect:</strong> the contact and shipping details you give when you order or create an account, your orders, the reviews you write and the messages you send us.</li><li><strong>How we use it:</strong> to ship your orders, answer your questions and improve the store.</li><li><strong>Payments:</strong> card payments are handled by our payment provider; we never see or store your full card number.</li><li><strong>Sharing:</strong> we never sell your information.</li></ul>",
    ),
    "policies/terms-of-service": policy(
      "Terms of Service",
      `The terms that apply when you shop at ${brand}.`,
      "<p>By using this website or placing an order, you agree to these terms.</p>",
      `<ul><li><strong>Prices:</strong> shown in ${currencies}; they may change, but never for an order you have already placed.</li><li><strong>Orders:</strong> an order is accepted once it is paid and confirmed by email.</li></ul>`,
    ),
  };
}

/**
 * A new store as the platform opens it: the operator's settings, a starter theme, navigation
 * and footer linking its policies, a home page and the policy pages, a logo drawn from its
 * name, and no products yet (the storefront shows its empty-catalogue state).
 */
export function storeBlueprint(input: NewStore): DemoStore {
  const brand = input.brandName;
  const colors = {
    ...DEFAULT_THEME.colors,
    ...(input.theme.primary
      ? { primary: input.theme.primary, primaryDark: input.theme.primary }
      : {}),
    ...(input.theme.background ? { background: input.theme.background } : {}),
    ...(input.theme.text ? { text: input.theme.text } : {}),
  };
  const fonts = {
    primary: input.theme.headingFont ?? DEFAULT_THEME.typography.fonts.primary,
    body: input.theme.bodyFont ?? DEFAULT_THEME.typography.fonts.body,
  };
  const checkoutSettings: CheckoutSettings = {
    shipping: input.shipping ?? DEFAULT_CHECKOUT_SETTINGS.shipping,
    freeShipping: input.freeShipping ?? DEFAULT_CHECKOUT_SETTINGS.freeShipping,
    tax: input.tax ?? DEFAULT_CHECKOUT_SETTINGS.tax,
  };
  // A store ships to the countries of the currencies it sells in (USD: US, CAD: Canada).
  const countries = input.currencies.map(countryOfCurrency);
  const moneyNames = spokenList(countries.map((c) => COUNTRY_WORDS[c].money));
  const policies = [
    { label: "Shipping Policy", href: "/policies/shipping-policy" },
    { label: "Refund Policy", href: "/policies/refund-policy" },
    { label: "Privacy Policy", href: "/policies/privacy-policy" },
    { label: "Terms of Service", href: "/policies/terms-of-service" },
  ];
  return {
    id: input.id,
    domains: input.hosts,
    brandName: brand,
    ownerEmail: input.ownerEmail,
    checkoutSettings,
    brandDescription: "",
    logo: "logo.jpg",
    defaultCurrency: input.defaultCurrency,
    currencies: input.currencies,
    theme: { ...DEFAULT_THEME, colors, typography: { fonts } },
    navbar: { menus: [], links: [] },
    footer: {
      columns: [{ title: "Policies", links: policies }],
      social: [],
      note: `© {{year}} ${brand}.`,
    },
    globalStyles: {},
    topCallOut: { messages: [] },
    pressStrip: null,
    images: [
      {
        file: "logo.jpg",
        kind: "logo",
        label: brand,
        primary: colors.primary,
        accent: colors.background,
        width: 600,
        height: 200,
      },
    ],
    products: [],
    collections: [],
    pages: {
      homepage: {
        title: brand,
        metaDescription: `Welcome to ${brand}.`,
        "text-1": `<p>Welcome to ${escapeHtml(brand)}.</p>`,
        sections: [{ widget: "products", title: "Our products" }],
      },
      ...policyPages(brand, countries, checkoutSettings, moneyNames),
    },
    chatbot: {},
  };
}
