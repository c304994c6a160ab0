import { type Currency, type Discount, DomainError } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { discountCodes } from "../../db/schema.ts";

export const DISCOUNT_NOT_FOUND_MESSAGE = "Discount code not found";
export const DISCOUNT_USED_UP_MESSAGE = "This discount code has been used up";

export type DiscountCode = typeof discountCodes.$inferSelect;

/**
 * A code's terms in one currency as the domain's Discount. `max_redemptions` is what is left
 * (max_redemptions − redemptions), so a used-up code has no effect by the domain's own rule.
 */
export function discountInCurrency(code: DiscountCode, currency: Currency): Discount {
  return {
    max_redemptions: Math.max(0, code.maxRedemptions - code.redemptions),
    discount_percentage: code.discountPercentage,
    discount_amount: code.amounts[currency] ?? null,
    max_redeemable_amount: code.caps[currency] ?? null,
  };
}

/** The store's active code by id (a cart's applied code); null when gone or switched off. */
export async function findActiveCode(
  db: Database,
  storeId: string,
  id: string,
): Promise<DiscountCode | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.id, id),
        eq(discountCodes.active, true),
      ),
    );
  return row ?? null;
}

/**
 * The store's code a shopper typed (case-insensitive) if it can be used in `currency`: unknown or
 * inactive → not_found; no redemptions left → conflict; no terms in this currency → conflict.
 */
export async function findRedeemableCode(
  db: Database,
  storeId: string,
  typed: string,
  currency: Currency,
): Promise<DiscountCode> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.code, typed.trim().toLowerCase()),
        eq(discountCodes.active, true),
      ),
    );
  if (!row) throw new DomainError("not_found", DISCOUNT_NOT_FOUND_MESSAGE);
  const terms = discountInCurrency(row, currency);
  if (terms.max_redemptions < 1) throw new DomainError("conflict", DISCOUNT_USED_UP_MESSAGE);
  // A fixed-amount code with no amount in this currency would apply as 0: say so instead.
  if (!terms.discount_percentage && !terms.discount_amount) {
    throw new DomainError(
      "conflict",
      `This discount code cannot be used with ${currency.toUpperCase()} prices`,
    );
  }
  return row;
}
