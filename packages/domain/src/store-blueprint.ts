import type { AnalyticsSettings } from "./analytics.ts";
import type { CheckoutSettings } from "./checkout.ts";
import type { ProductTag } from "./collection-schema.ts";
import type { PageDocument } from "./content-schema.ts";
import type { Currency } from "./money.ts";
import type {
  Footer,
  Navbar,
  PressStrip,
  ProductTrust,
  Theme,
  TopCallOut,
} from "./store-schema.ts";
import type { TradeTerms } from "./trade.ts";

// A whole store as data: what opening a store writes (a demo store, or a new one from the
// platform's blueprint). The seed data and the blueprint are of this shape.

/**
 * An image the seed draws locally with sharp (no hotlinks). `file` is relative to the store's
 * media folder; pages and products reference it as `/media/{storeId}/{file}`. Every image is
 * written as the original (JPEG, `width`×`height`) and a `_728.webp` variant 728 px wide.
 */
export interface DemoImage {
  file: string;
  /** bottle: a dropper bottle with a label; scene: a soft illustrated landscape or garden;
   *  logo: the brand name set in type; press: a grey publication name for the press strip;
   *  pattern: an abstract botanical pattern; dog, cat: a pet's face (square: a profile picture;
   *  wide: a shopper's review photo of the pet beside its bottle), `primary` is the fur;
   *  jar: a jar of soft chews with a label; plan: a garden plan seen from above. */
  kind: "bottle" | "jar" | "plan" | "scene" | "logo" | "press" | "pattern" | "dog" | "cat";
  /** A scene's subject: a meadow (default), a garden of beds and shrubs, or a field of hemp. */
  motif?: "meadow" | "garden" | "field";
  /** The typeface of a logo's or a label's lettering: serif (default) or sans. */
  lettering?: "serif" | "sans";
  /** The text drawn on the image (bottle label, logo or publication name); also the alt text. */
  label: string;
  /** Main and accent colours, CSS hex. */
  primary: string;
  accent: string;
  width: number;
  height: number;
}

export type DemoVariant = {
  sku: string;
  attributes: Record<string, string>;
  /** Minor units (cents). */
  prices: { usd: number; cad: number };
  /** What a trade account pays instead, where set; else the store's trade terms apply. */
  tradePrices?: { usd?: number; cad?: number };
} & (
  | { stock: number; requiresShipping?: true }
  /** Never shipped (a digital plan, a design service): no address, no shipping, no stock. */
  | { requiresShipping: false }
);

/** A subscription plan a product offers; `code` is its subscription_id, unique per product. */
export interface DemoSubscriptionPlan {
  code: string;
  label: string;
  interval: "week" | "month";
  intervalCount: number;
  /** Percent off each variant's one-time price, 1 to 50. */
  discountPercentage: number;
}

export interface DemoProduct {
  handle: string;
  title: string;
  /** One plain sentence for the meta description, at most 155 characters. */
  metaDescription: string;
  /** Safe HTML: <p>, <ul>, <li>, <strong>, <em>, <h3>. */
  descriptionHtml: string;
  /** Files from the store's `images`, first is the main image. */
  images: string[];
  variants: DemoVariant[];
  /** Plans in the order the product page lists them; none: one-time purchase only. */
  subscriptionPlans?: DemoSubscriptionPlan[];
  /** What it is for (pets, conditions); none: the store's collections offer no filters. */
  tags?: ProductTag[];
  /**
   * A bundle: its one variant is the bundle at its fixed prices (its stock is its contents'), and
   * the shopper fills `slots` slots, each with any of `choices` (skus of this store).
   */
  bundle?: { slots: number; choices: string[] };
}

export interface DemoCollection {
  handle: string;
  title: string;
  description: string;
  productHandles: string[];
}

/**
 * A discount code (spec section 5). Amounts in minor units per currency; `code` is matched
 * case-insensitively (stored lower-case).
 */
export interface DemoDiscountCode {
  code: string;
  /** Percentage off the subtotal; when absent, `amounts` is a fixed amount off. */
  percentage?: number;
  amounts?: { usd?: number; cad?: number };
  /** max_redeemable_amount: the most a percentage code takes off. */
  caps?: { usd?: number; cad?: number };
  maxRedemptions: number;
  /** One order per customer (account or normalised email). */
  oncePerCustomer?: boolean;
  /** Shared with anyone who asks: the chatbot tells shoppers about it. */
  public?: boolean;
  active?: boolean;
}

/**
 * A demo shopper account. The password is published in the README (it is demo data): the seed
 * stores only its argon2id hash.
 */
export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthday?: string;
  userType?: "customer" | "wholesale" | "admin";
  /** A trade account's resale certificate on file: its trade orders are tax-exempt. */
  resaleCertificate?: string;
  pointsBalance: number;
  discountCode: string;
  discountPercentage?: number;
  commissionPercentage?: number;
  /** Commission earned so far, minor units. */
  commissionAmount?: number;
}

/**
 * A shopper's review of a demo product. Reviewers' addresses are on example.com; no demo review
 * is verified (only a paid order makes a buyer verified).
 */
export interface DemoReview {
  handle: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  description: string;
  name: string;
  email: string;
  /** How long before the first start it was written: dates stay recent whenever the demo loads. */
  daysAgo: number;
  /** A file from the store's `images` (square dog or cat). */
  profileImage?: string;
  /** Files from the store's `images`; their labels are the alt texts. */
  photos?: string[];
  ownerResponse?: string;
  helpful?: number;
}

export interface DemoStore {
  id: string;
  /** Hosts (without port) that resolve to this store. */
  domains: string[];
  brandName: string;
  /** The owner's address: notifications of orders and garden design requests go there. */
  ownerEmail: string;
  /** Shipping and tax; default: DEFAULT_CHECKOUT_SETTINGS. */
  checkoutSettings?: CheckoutSettings;
  /**
   * What trade (wholesale) accounts pay and their least order; none: nothing off and no minimum
   * (a variant's own tradePrices still apply).
   */
  tradeTerms?: TradeTerms;
  brandDescription: string;
  /** A file from `images`, kind logo. */
  logo: string;
  defaultCurrency: "usd" | "cad";
  /** The currencies it sells in; default: every one. */
  currencies?: Currency[];
  /** The affiliate programme's commission in percent (`{{affiliate.percentage}}`); none: no programme. */
  affiliatePercentage?: number;
  /** Promises under a product's Add to cart (the domain's ProductTrust). */
  productTrust?: ProductTrust;
  /** Consent, retention and cart recovery; default: DEFAULT_ANALYTICS_SETTINGS. */
  analyticsSettings?: AnalyticsSettings;
  theme: Theme;
  navbar: Navbar;
  footer: Footer;
  globalStyles: Record<string, string>;
  topCallOut: TopCallOut;
  pressStrip: PressStrip | null;
  images: DemoImage[];
  products: DemoProduct[];
  collections: DemoCollection[];
  /** Page documents by page name ("homepage", "about", "policies/privacy-policy", …). */
  pages: Record<string, PageDocument>;
  /** /data/layout/chatbot.json for this store. */
  chatbot: Record<string, unknown>;
  discountCodes?: DemoDiscountCode[];
  accounts?: DemoAccount[];
  reviews?: DemoReview[];
  /** Search synonyms: what a term also finds → the terms (search-synonyms.ts). */
  searchSynonyms?: Record<string, string[]>;
}
