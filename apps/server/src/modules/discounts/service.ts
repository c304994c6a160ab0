import {
  type Currency,
  DISCOUNT_MESSAGES,
  type Discount,
  DomainError,
  normalizeEmail,
  TRADE_MESSAGES,
} from "@storefront/domain";
import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { users } from "../accounts/index.ts";
import { discountCodes, discountRedemptions } from "./schema.ts";

/** A personal code can be used without limit: it pays its owner commission instead. */
const PERSONAL_CODE_REDEMPTIONS = 1_000_000_000;

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

/** The store's active code matching `which` (its id or its lower-case code), if any. */
async function activeCode(
  db: Database,
  storeId: string,
  which: SQL,
): Promise<DiscountCode | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), which, eq(discountCodes.active, true)));
  return row;
}

/** A code not past its expiry (none, or later than the database's now). */
// `or` of two conditions is never empty.
export const notExpired = or(
  isNull(discountCodes.expiresAt),
  gt(discountCodes.expiresAt, sql`now()`),
) as SQL;

/** The store's public codes that can still be redeemed, newest first: what the chatbot offers. */
export async function publicCodes(db: Database, storeId: string): Promise<DiscountCode[]> {
  return db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.active, true),
        eq(discountCodes.public, true),
        gt(discountCodes.maxRedemptions, discountCodes.redemptions),
        notExpired,
      ),
    )
    .orderBy(desc(discountCodes.createdAt), asc(discountCodes.code));
}

/**
 * The store's active code by id (a cart's applied code); null when gone, switched off or past its
 * expiry, so a cart holding an expired code shows and charges the total without it.
 */
export async function findActiveCode(
  db: Database,
  storeId: string,
  id: string,
): Promise<DiscountCode | null> {
  return (await activeCode(db, storeId, and(eq(discountCodes.id, id), notExpired) as SQL)) ?? null;
}

function findCodeRow(db: Database, storeId: string, code: string) {
  return activeCode(db, storeId, eq(discountCodes.code, code));
}

/**
 * An account's personal code (users.discount_code) as a discount code row, made on its first
 * use: the account's percentage off, no redemption limit, commission to the account.
 */
async function personalCode(
  db: Database,
  storeId: string,
  code: string,
): Promise<DiscountCode | undefined> {
  const [owner] = await db
    .select({ id: users.id, percentage: users.discountPercentage })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.discountCode, code.toUpperCase())));
  if (!owner) return undefined;
  await db
    .insert(discountCodes)
    .values({
      storeId,
      code,
      discountPercentage: owner.percentage,
      maxRedemptions: PERSONAL_CODE_REDEMPTIONS,
      affiliateUserId: owner.id,
    })
    .onConflictDoNothing();
  return findCodeRow(db, storeId, code);
}

/**
 * The store's code a shopper typed (case-insensitive) if it can be used in `currency`, or an
 * account's personal code: unknown or inactive → not_found; expired, or no redemptions left → conflict; no
 * terms in this currency → conflict; the shopper's own personal code → conflict.
 */
export async function findRedeemableCode(
  db: Database,
  storeId: string,
  typed: string,
  currency: Currency,
  shopperUserId: string | null = null,
): Promise<DiscountCode> {
  const code = typed.trim().toLowerCase();
  const row = (await findCodeRow(db, storeId, code)) ?? (await personalCode(db, storeId, code));
  if (!row) throw new DomainError("not_found", DISCOUNT_MESSAGES.notFound);
  if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now()) {
    throw new DomainError("conflict", DISCOUNT_MESSAGES.expired);
  }
  if (shopperUserId !== null && row.affiliateUserId === shopperUserId) {
    throw new DomainError("conflict", DISCOUNT_MESSAGES.ownCode);
  }
  if (shopperUserId !== null && row.affiliateUserId !== null) {
    const [shopper] = await db
      .select({ userType: users.userType })
      .from(users)
      .where(and(eq(users.id, shopperUserId), eq(users.storeId, storeId)));
    if (shopper?.userType === "wholesale") {
      throw new DomainError("conflict", TRADE_MESSAGES.personalCode);
    }
  }
  if (shopperUserId !== null && row.oncePerCustomer) {
    const [used] = await db
      .select({ orderId: discountRedemptions.orderId })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.discountCodeId, row.id),
          eq(
            discountRedemptions.customerKey,
            customerKeys({ userId: shopperUserId, email: null })[0] ?? "",
          ),
        ),
      );
    if (used) throw new DomainError("conflict", DISCOUNT_MESSAGES.oncePerCustomer);
  }
  const terms = discountInCurrency(row, currency);
  if (terms.max_redemptions < 1) throw new DomainError("conflict", DISCOUNT_MESSAGES.usedUp);
  // A fixed-amount code with no amount in this currency would apply as 0: say so instead.
  if (!terms.discount_percentage && !terms.discount_amount) {
    throw new DomainError("conflict", DISCOUNT_MESSAGES.notInCurrency(currency));
  }
  return row;
}

/**
 * Who a once-per-customer code counts: the account, and the mailbox (normalised, so
 * `J.Doe+x@gmail.com` is `jdoe@gmail.com`). Either one having used the code refuses it.
 */
export function customerKeys(buyer: { userId: string | null; email: string | null }): string[] {
  const keys: string[] = [];
  if (buyer.userId) keys.push(`user:${buyer.userId}`);
  if (buyer.email) keys.push(`email:${normalizeEmail(buyer.email)}`);
  return keys;
}
