import { z } from "zod";
import {
  type CommonPasswordCheck,
  EmailSchema,
  newPasswordSchema,
  SignInPasswordSchema,
} from "./account-schema.ts";
import { type CheckoutSettings, COUNTRIES, type Country, REGIONS } from "./checkout.ts";
import { CURRENCIES } from "./money.ts";
import { CurrencySchema } from "./money-schema.ts";
import { THEME_FONTS } from "./store.ts";

export const NEW_STORE_MESSAGES = {
  id: "The store id is 2 to 40 lower-case letters, digits and single hyphens, e.g. test-kitchen",
  idTaken: "A store with this id exists already",
  brandName: "Enter the brand name (at most 80 characters)",
  host: "Enter a host name such as kitchen.example.com (letters, digits, hyphens and dots; no port or path)",
  hosts: "Give the store 1 to 10 hosts",
  hostTaken: (host: string) => `${host} already belongs to another store`,
  hostTwice: "Each host once",
  platformHost: (host: string) =>
    `${host} is the platform's own host (PLATFORM_HOST), not a store's`,
  ownerEmail: "Enter the owner's email address",
  color: "Enter a colour as #rrggbb",
  font: `Choose one of the fonts: ${Object.keys(THEME_FONTS).join(", ")}`,
  rate: "Each shipping rate needs an id, a label, an amount in cents (0 or more) and an estimate",
  tax: "Tax rates are per region of the country, in thousandths of a percent (0 to 30,000)",
  region: (country: string, region: string) => `${region} is not a region of ${country}`,
  currencies: "Choose the currencies the store sells in: USD, CAD or both, each once",
  defaultCurrency: "The default currency must be one the store sells in",
  freeShipping:
    "A free-shipping threshold is an amount in cents (0 to 10,000,000) in the country's currency",
} as const;

/** Lower-case letters, digits and single hyphens, as it appears in URLs of media and admin. */
export const NewStoreIdSchema = z
  .string({ error: NEW_STORE_MESSAGES.id })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, NEW_STORE_MESSAGES.id)
  .min(2, NEW_STORE_MESSAGES.id)
  .max(40, NEW_STORE_MESSAGES.id);

/**
 * A host a store answers at: a DNS name of at least two labels, lower-cased, without port, path
 * or trailing dot (what the server compares the request's Host with).
 */
export const HostSchema = z
  .string({ error: NEW_STORE_MESSAGES.host })
  .trim()
  .toLowerCase()
  .max(253, NEW_STORE_MESSAGES.host)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    NEW_STORE_MESSAGES.host,
  );

const ColorSchema = z.string({ error: NEW_STORE_MESSAGES.color }).regex(/^#[0-9a-fA-F]{6}$/, {
  error: NEW_STORE_MESSAGES.color,
});

const FontSchema = z
  .string({ error: NEW_STORE_MESSAGES.font })
  .refine((name) => name in THEME_FONTS, NEW_STORE_MESSAGES.font);

const ShippingRateSchema = z.object(
  {
    id: z.string().regex(/^[a-z0-9-]{1,30}$/),
    label: z.string().trim().min(1).max(60),
    amount: z.number().int().min(0).max(1_000_000),
    estimate: z.string().trim().min(1).max(60),
  },
  { error: NEW_STORE_MESSAGES.rate },
);

const TaxRateSchema = z.number().int().min(0).max(30_000);

/** Flat-rate shipping options per country. */
export const ShippingTableSchema = z.object({
  US: z.array(ShippingRateSchema, { error: NEW_STORE_MESSAGES.rate }).max(5),
  CA: z.array(ShippingRateSchema, { error: NEW_STORE_MESSAGES.rate }).max(5),
}) satisfies z.ZodType<CheckoutSettings["shipping"]>;

/** Tax rates per region of each country, checked against the known regions. */
export const TaxTableSchema = z
  .partialRecord(
    z.enum(COUNTRIES),
    // Region code → tax name ("Sales tax", "GST") → rate in thousandths of a percent.
    z.record(
      z.string().regex(/^[A-Z]{2,5}$/),
      z.record(z.string().trim().min(1).max(40), TaxRateSchema),
    ),
    { error: NEW_STORE_MESSAGES.tax },
  )
  .superRefine((tax, ctx) => {
    for (const [country, regions] of Object.entries(tax)) {
      for (const region of Object.keys(regions ?? {})) {
        if (!REGIONS[country as Country].some((r) => r.code === region)) {
          ctx.addIssue({
            code: "custom",
            path: [country, region],
            message: NEW_STORE_MESSAGES.region(country, region),
          });
        }
      }
    }
  }) satisfies z.ZodType<CheckoutSettings["tax"]>;

/**
 * Free shipping per country: the least an order spends after its discount, in minor units of
 * the country's currency; a country left out never ships free.
 */
export const FreeShippingSchema = z.partialRecord(
  z.enum(COUNTRIES),
  z
    .number({ error: NEW_STORE_MESSAGES.freeShipping })
    .int(NEW_STORE_MESSAGES.freeShipping)
    .min(0, NEW_STORE_MESSAGES.freeShipping)
    .max(10_000_000, NEW_STORE_MESSAGES.freeShipping),
  { error: NEW_STORE_MESSAGES.freeShipping },
) satisfies z.ZodType<CheckoutSettings["freeShipping"]>;

/** What a platform operator gives to open a store. */
export const NewStoreSchema = z
  .object({
    id: NewStoreIdSchema,
    brandName: z
      .string({ error: NEW_STORE_MESSAGES.brandName })
      .trim()
      .min(1, NEW_STORE_MESSAGES.brandName)
      .max(80, NEW_STORE_MESSAGES.brandName),
    hosts: z
      .array(HostSchema, { error: NEW_STORE_MESSAGES.hosts })
      .min(1, NEW_STORE_MESSAGES.hosts)
      .max(10, NEW_STORE_MESSAGES.hosts),
    defaultCurrency: CurrencySchema,
    /** The currencies it sells in; default: every one. The default currency is one of them. */
    currencies: z
      .array(CurrencySchema, { error: NEW_STORE_MESSAGES.currencies })
      .min(1, NEW_STORE_MESSAGES.currencies)
      .max(CURRENCIES.length, NEW_STORE_MESSAGES.currencies)
      .refine((list) => new Set(list).size === list.length, NEW_STORE_MESSAGES.currencies)
      .default([...CURRENCIES]),
    ownerEmail: z.email({ error: NEW_STORE_MESSAGES.ownerEmail }).max(254).toLowerCase(),
    theme: z
      .object({
        primary: ColorSchema,
        background: ColorSchema,
        text: ColorSchema,
        headingFont: FontSchema,
        bodyFont: FontSchema,
      })
      .partial()
      .default({}),
    /** Shipping rates per country; default: the starter rates. */
    shipping: ShippingTableSchema.optional(),
    /** Free shipping per country; default: US orders of $149.00 or more. */
    freeShipping: FreeShippingSchema.optional(),
    /** Tax rates per region; default: the US states' and Canadian provinces' rates. */
    tax: TaxTableSchema.optional(),
  })
  .superRefine((store, ctx) => {
    if (!store.currencies.includes(store.defaultCurrency)) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultCurrency"],
        message: NEW_STORE_MESSAGES.defaultCurrency,
      });
    }
    if (new Set(store.hosts).size !== store.hosts.length) {
      ctx.addIssue({ code: "custom", path: ["hosts"], message: NEW_STORE_MESSAGES.hostTwice });
    }
  });
export type NewStore = z.infer<typeof NewStoreSchema>;
export type NewStoreInput = z.input<typeof NewStoreSchema>;

export const PLATFORM_MESSAGES = {
  linkInvalid: "This link has expired or was already used. Ask for a new one.",
  signInFailed: "The email or password is wrong",
  signInNeeded: "Sign in as a platform operator",
  stripeId: "A connected Stripe account id looks like acct_1AbC…",
  stripeTaken: "This Stripe account is connected to another store",
  nothingToChange: "Say what to change: disabled or stripeId",
  logoSmall: "A logo is at least 120 pixels wide and 40 pixels high",
  defaultStaysOpen:
    "The default store cannot be disabled: it answers every host no store has, the platform's too",
} as const;

/** A store as the platform operator lists it. */
export const PlatformStoreSchema = z.object({
  id: z.string(),
  brandName: z.string(),
  hosts: z.array(z.string()),
  currencies: z.array(CurrencySchema),
  ownerEmail: z.string(),
  stripeId: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type PlatformStore = z.infer<typeof PlatformStoreSchema>;

/** GET /api/platform/stores: every store. */
export const PlatformStoreListSchema = z.object({ stores: z.array(PlatformStoreSchema) });

/** A store's id in a platform path. */
export const PlatformStoreParamsSchema = z.object({ id: z.string().max(64) });

/** The signed-in operator, as the platform's session calls answer it. */
export const OperatorSchema = z.object({ email: z.string() });

/** POST /api/platform/session: an operator's sign-in. */
export const OperatorSignInSchema = z.object({
  email: EmailSchema,
  password: SignInPasswordSchema,
});

/**
 * POST /api/platform/password: the token of the operator's link and the password chosen; the
 * server passes the common-password list.
 */
export function operatorPasswordSchema(isCommon?: CommonPasswordCheck) {
  return z.object({
    token: z.string().max(100),
    password: newPasswordSchema(isCommon),
  });
}

/** The answer of a logo's upload: the logo's URL. */
export const StoreLogoSchema = z.object({ logo: z.string() });

/** What an operator may change on a store: take it offline and back, connect its Stripe account. */
export const PlatformStoreChangeSchema = z
  .object({
    disabled: z.boolean().optional(),
    stripeId: z
      .string({ error: PLATFORM_MESSAGES.stripeId })
      .trim()
      .regex(/^acct_[A-Za-z0-9]+$/, PLATFORM_MESSAGES.stripeId)
      .nullable()
      .optional(),
  })
  .refine((c) => c.disabled !== undefined || c.stripeId !== undefined, {
    error: PLATFORM_MESSAGES.nothingToChange,
  });
export type PlatformStoreChange = z.infer<typeof PlatformStoreChangeSchema>;
