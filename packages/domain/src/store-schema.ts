import { z } from "zod";
import { CurrencySchema } from "./money-schema.ts";

/** The store theme (spec section 3); the web app turns it into CSS custom properties. */
export const ThemeSchema = z.object({
  colors: z.object({
    background: z.string(),
    text: z.string(),
    primary: z.string(),
    primaryDark: z.string(),
    textOnPrimary: z.string(),
    textSecondary: z.string(),
  }),
  typography: z.object({ fonts: z.object({ primary: z.string(), body: z.string() }) }),
  buttons: z.object({ radius: z.string() }).partial().default({}),
  layout: z.object({ maxWidth: z.string() }).partial().default({}),
  animations: z.object({ duration: z.string() }).partial().default({}),
  chatbot: z.record(z.string(), z.string()).default({}),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const LinkSchema = z.object({ label: z.string(), href: z.string() });
export type Link = z.infer<typeof LinkSchema>;

export const NavbarSchema = z.object({
  menus: z.array(z.object({ label: z.string(), items: z.array(LinkSchema) })).default([]),
  links: z.array(LinkSchema).default([]),
});
export type Navbar = z.infer<typeof NavbarSchema>;

export const FooterSchema = z.object({
  columns: z.array(z.object({ title: z.string(), links: z.array(LinkSchema) })).default([]),
  social: z
    .array(z.object({ network: z.string(), label: z.string(), href: z.string() }))
    .default([]),
  storeLocator: LinkSchema.optional(),
  note: z.string().optional(),
});
export type Footer = z.infer<typeof FooterSchema>;

export const TopCallOutSchema = z.object({ messages: z.array(LinkSchema.partial({ href: true })) });
export type TopCallOut = z.infer<typeof TopCallOutSchema>;

export const PressStripSchema = z.object({
  title: z.string().default("As featured in"),
  logos: z.array(z.object({ name: z.string(), image: z.string() })),
});
export type PressStrip = z.infer<typeof PressStripSchema>;

/** GET /api/store: store information and global content sections as the web app reads them. */
/**
 * The promises under a product's Add to cart ("Free US shipping on orders of {{free_shipping_threshold}}
 * or more", "30-day happiness guarantee"): the text may quote the store's figures; `currency`
 * shows it only to shoppers paying in it.
 */
export const ProductTrustSchema = z
  .array(z.object({ text: z.string().min(1).max(120), currency: CurrencySchema.optional() }))
  .max(4)
  .default([]);
export type ProductTrust = z.infer<typeof ProductTrustSchema>;

export const StoreInfoSchema = z.object({
  storeId: z.string(),
  brandName: z.string(),
  logo: z.string(),
  brandDescription: z.string(),
  stripeId: z.string().nullable(),
  /**
   * The key Stripe.js loads with, on the store's connected account (`stripeId`, Stripe.js's
   * `stripeAccount`); null: the built-in test processor's form, or no card payments.
   */
  stripe_publishable_key: z.string().nullable(),
  /** How the store takes cards: its Stripe account, the test processor, or not yet (production). */
  cardPayments: z.enum(["stripe", "test", "unavailable"]),
  defaultCurrency: CurrencySchema,
  /** The currencies the store sells in, the default among them; the switcher offers these. */
  currencies: z.array(CurrencySchema),
  theme: ThemeSchema,
  Navbar: NavbarSchema,
  Footer: FooterSchema,
  GlobalStyles: z.record(z.string(), z.string()),
  TopCallOutSection: TopCallOutSchema,
  TopPageCallout: PressStripSchema.nullable(),
  /** With the store's figures filled in. */
  ProductTrust: ProductTrustSchema,
  /** `required`: the page asks before it records the visit (the domain's AnalyticsSettings). */
  analyticsConsent: z.enum(["required", "not_required"]),
});
export type StoreInfo = z.infer<typeof StoreInfoSchema>;
