import { COUNTRIES, COUNTRY_NAMES, type Country, type Currency, REGIONS } from "@storefront/domain";

/** What the checkout's address fields and messages call things, per country. */
export const CURRENCY_NAMES: Record<Currency, string> = {
  usd: "US dollars (USD)",
  cad: "Canadian dollars (CAD)",
};

export const REGION_LABELS: Record<Country, string> = { US: "State", CA: "Province or territory" };
export const POSTAL_LABELS: Record<Country, string> = { US: "ZIP code", CA: "Postal code" };
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: COUNTRY_NAMES[c] }));
export const REGION_OPTIONS = {
  US: REGIONS.US.map((r) => ({ value: r.code, label: r.name })),
  CA: REGIONS.CA.map((r) => ({ value: r.code, label: r.name })),
};
