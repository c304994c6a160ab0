import type { AuthStatus, CartView, Currency, StoreInfo } from "@storefront/domain";
import type { MetaDescriptor } from "react-router";

export interface RootData {
  store: StoreInfo;
  /**
   * false on a page rendered for every visitor (home, catalogue, content): `cart` and `auth` are
   * null and the browser asks for them after hydration.
   */
  personal: boolean;
  cart: CartView | null;
  /** Who is signed in (GET /v2/auth/status), null when it could not be read. */
  auth: AuthStatus | null;
  /** The currency the page's prices are in. */
  currency: Currency;
  origin: string;
  /**
   * The store theme's CSS variables (themeVariables), worked out by the server so the browser's
   * bundle does not carry the code.
   */
  themeStyle: Record<string, string>;
}

/**
 * A route whose page is the same for every visitor (apart from store, URL and currency) says so
 * in its `handle`: the server then renders it without the visitor's cart or account and shares it
 * between visitors (apps/server/src/web.ts).
 */
export const sharedPageHandle = { sharedPage: true } as const;

/** Title, description and canonical URL for a page, in the store's name. */
export function pageMeta(options: {
  title: string;
  description: string;
  canonical: string;
  store: StoreInfo | undefined;
}): MetaDescriptor[] {
  const brand = options.store?.brandName;
  const title = brand && options.title !== brand ? `${options.title} | ${brand}` : options.title;
  return [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: options.canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: options.canonical },
  ];
}

/** A plain-text excerpt of some HTML, for a meta description. */
export function excerpt(html: string, max = 155): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The root loader's data from a route's meta matches. */
export function rootDataOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}

/**
 * Headers of a page about one visitor (their cart, account or checkout): no browser or proxy
 * keeps a copy, so a shared computer's back button or a cache never shows it to someone else.
 */
export function privatePageHeaders(): Record<string, string> {
  return { "Cache-Control": "private, no-store" };
}
