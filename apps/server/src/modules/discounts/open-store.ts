import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { discountCodes } from "./schema.ts";

/** Writes a new store's discount codes from its blueprint. */
export async function insertCodes(tx: Transaction, store: DemoStore): Promise<void> {
  if (!store.discountCodes || store.discountCodes.length === 0) return;
  await tx.insert(discountCodes).values(
    store.discountCodes.map((d) => ({
      storeId: store.id,
      code: d.code.toLowerCase(),
      discountPercentage: d.percentage ?? null,
      amounts: d.amounts ?? {},
      caps: d.caps ?? {},
      maxRedemptions: d.maxRedemptions,
      oncePerCustomer: d.oncePerCustomer ?? false,
      active: d.active ?? true,
      public: d.public ?? false,
    })),
  );
}
