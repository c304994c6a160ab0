import {
  CURRENCIES,
  DEFAULT_ANALYTICS_SETTINGS,
  DEFAULT_CHECKOUT_SETTINGS,
  type DemoStore,
  TradeTermsSchema,
} from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { mediaUrl } from "../media/index.ts";
import { storeDomains, stores } from "./schema.ts";

/** Writes a new store's row and the hosts it answers at, from its blueprint. */
export async function insertStoreRow(tx: Transaction, store: DemoStore): Promise<void> {
  await tx.insert(stores).values({
    id: store.id,
    brandName: store.brandName,
    ownerEmail: store.ownerEmail,
    checkoutSettings: store.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS,
    // Checked like any store setting written: the price SQL reads percentOff as an integer.
    tradeTerms: store.tradeTerms ? TradeTermsSchema.parse(store.tradeTerms) : null,
    logo: mediaUrl(store.id, store.logo),
    brandDescription: store.brandDescription,
    defaultCurrency: store.defaultCurrency,
    currencies: store.currencies ?? [...CURRENCIES],
    affiliatePercentage: store.affiliatePercentage ?? null,
    analyticsSettings: store.analyticsSettings ?? DEFAULT_ANALYTICS_SETTINGS,
    productTrust: store.productTrust ?? [],
    theme: store.theme,
    navbar: store.navbar,
    footer: store.footer,
    globalStyles: store.globalStyles,
    topCallOutSection: store.topCallOut,
    topPageCallout: store.pressStrip
      ? {
          ...store.pressStrip,
          logos: store.pressStrip.logos.map((l) => ({ ...l, image: mediaUrl(store.id, l.image) })),
        }
      : null,
  });
  if (store.domains.length > 0) {
    await tx
      .insert(storeDomains)
      .values(store.domains.map((host) => ({ host, storeId: store.id })));
  }
}
