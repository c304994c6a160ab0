import {
  ADMIN_DISCOUNT_LIMITS,
  type AdminDiscount,
  type AdminDiscountList,
  type AdminDiscountQuery,
  type AdminDiscountView,
  type DiscountCreate,
  type DiscountState,
  type DiscountTerms,
  DomainError,
  discountStateOf,
  ADMIN_DISCOUNT_MESSAGES as M,
} from "@storefront/domain";
import { and, asc, desc, eq, ilike, inArray, not, type SQL, sql } from "drizzle-orm";
import { type Database, likeContaining, type Transaction } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { users } from "../accounts/index.ts";
import { orders } from "../orders/index.ts";
import { discountCodes } from "./schema.ts";
import { type DiscountCode, notExpired } from "./service.ts";

/** The codes in each state, as discountStateOf decides it, in SQL. */
const STATE_WHERE: Record<DiscountState, SQL | undefined> = {
  inactive: eq(discountCodes.active, false),
  expired: and(eq(discountCodes.active, true), not(notExpired)),
  used_up: and(
    eq(discountCodes.active, true),
    notExpired,
    sql`${discountCodes.redemptions} >= ${discountCodes.maxRedemptions}`,
  ),
  active: and(
    eq(discountCodes.active, true),
    notExpired,
    sql`${discountCodes.redemptions} < ${discountCodes.maxRedemptions}`,
  ),
};

function adminDiscountOf(row: DiscountCode, personalOf: string | null): AdminDiscount {
  return {
    id: row.id,
    code: row.code.toUpperCase(),
    percentage: row.discountPercentage,
    amounts: row.amounts,
    caps: row.caps,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    oncePerCustomer: row.oncePerCustomer,
    public: row.public,
    active: row.active,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state: discountStateOf(row, new Date()),
    personalOf,
  };
}

/** Each personal code's account email, by the code's id. */
async function ownersOf(
  db: Database | Transaction,
  rows: readonly DiscountCode[],
): Promise<Map<string, string>> {
  const ids = rows.flatMap((r) => (r.affiliateUserId ? [r.affiliateUserId] : []));
  if (ids.length === 0) return new Map();
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  const emails = new Map(owners.map((o) => [o.id, o.email]));
  return new Map(
    rows.flatMap((r) => {
      const email = r.affiliateUserId ? emails.get(r.affiliateUserId) : undefined;
      return email ? [[r.id, email]] : [];
    }),
  );
}

/** One page of the store's codes, newest first, searched by code and filtered by state. */
export async function listAdminDiscounts(
  db: Database,
  storeId: string,
  query: AdminDiscountQuery,
): Promise<AdminDiscountList> {
  const where = and(
    eq(discountCodes.storeId, storeId),
    query.q ? ilike(discountCodes.code, likeContaining(query.q)) : undefined,
    query.state ? STATE_WHERE[query.state] : undefined,
  );
  const perPage = ADMIN_DISCOUNT_LIMITS.perPage;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .where(where)
      .orderBy(desc(discountCodes.createdAt), asc(discountCodes.code))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(discountCodes).where(where),
  ]);
  const owners = await ownersOf(db, rows);
  return {
    discounts: rows.map((r) => adminDiscountOf(r, owners.get(r.id) ?? null)),
    total: counted?.total ?? 0,
    page: query.page,
    perPage,
  };
}

/** The store's code by id, locked for the caller's transaction when `lock`; else not found. */
async function codeRow(
  db: Database | Transaction,
  storeId: string,
  id: string,
  lock = false,
): Promise<DiscountCode> {
  const query = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", M.notFound);
  return row;
}

/** A code with its latest orders and, per currency, its paid orders' count, discount and revenue. */
export async function readAdminDiscount(
  db: Database,
  storeId: string,
  id: string,
): Promise<AdminDiscountView> {
  const row = await codeRow(db, storeId, id);
  const withCode = and(eq(orders.storeId, storeId), eq(orders.discountCodeId, row.id));
  const [owners, latest, paid] = await Promise.all([
    ownersOf(db, [row]),
    db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        email: orders.email,
        status: orders.status,
        currency: orders.currency,
        discountAmount: orders.discountAmount,
        total: orders.total,
      })
      .from(orders)
      .where(withCode)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ADMIN_DISCOUNT_LIMITS.redemptionsShown),
    db
      .select({
        currency: orders.currency,
        orders: sql<number>`count(*)::int`,
        discounted: sql<number>`coalesce(sum(${orders.discountAmount}), 0)::int`,
        revenue: sql<number>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)::int`,
      })
      .from(orders)
      .where(and(withCode, eq(orders.status, "paid")))
      .groupBy(orders.currency)
      .orderBy(asc(orders.currency)),
  ]);
  return {
    discount: adminDiscountOf(row, owners.get(row.id) ?? null),
    orders: latest.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    paid,
  };
}

/** The columns a code's terms write. */
function termColumns(terms: DiscountTerms) {
  return {
    discountPercentage: terms.percentage,
    amounts: terms.amounts,
    caps: terms.caps,
    maxRedemptions: terms.maxRedemptions,
    oncePerCustomer: terms.oncePerCustomer,
    public: terms.public,
    active: terms.active,
    expiresAt: terms.expiresAt === null ? null : new Date(terms.expiresAt),
  };
}

/** What the audit keeps of a code: its terms, in the API's words. */
function auditedTerms(row: DiscountCode): Record<string, unknown> {
  const {
    id: _id,
    personalOf: _p,
    createdAt: _c,
    state: _s,
    ...terms
  } = adminDiscountOf(row, null);
  return terms;
}

function refusePastExpiry(expiresAt: string | null): void {
  if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now()) {
    throw new DomainError("invalid", M.expiresPast, { expiresAt: M.expiresPast });
  }
}

/**
 * Creates a code. Its text is unique in the store, case-insensitively, and may not be an account's
 * personal code (which would then stop working); an expiry must be in the future.
 */
export async function createDiscount(
  db: Database,
  storeId: string,
  input: DiscountCreate,
  actor: AdminActor,
): Promise<AdminDiscount> {
  refusePastExpiry(input.expiresAt);
  const code = input.code.toLowerCase();
  const shown = input.code.toUpperCase();
  try {
    return await db.transaction(async (tx) => {
      const [personal] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.storeId, storeId), eq(users.discountCode, shown)));
      if (personal) {
        throw new DomainError("conflict", M.codeIsPersonal(shown), {
          code: M.codeIsPersonal(shown),
        });
      }
      const [row] = await tx
        .insert(discountCodes)
        .values({ storeId, code, ...termColumns(input) })
        .returning();
      if (!row) throw new Error("The discount code was not inserted");
      await audit(tx, storeId, actor, {
        action: "discount.create",
        target: `discount ${shown}`,
        before: null,
        after: auditedTerms(row),
      });
      return adminDiscountOf(row, null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError("conflict", M.codeTaken(shown), { code: M.codeTaken(shown) });
    }
    throw err;
  }
}

/**
 * Replaces a code's terms, audited. The limit cannot go below the redemptions already counted, an
 * expiry must be in the future, and a personal code's terms stay its account's (only switching it
 * off or on, and its expiry, change here). Carts holding the code get the new terms at once.
 */
export async function updateDiscount(
  db: Database,
  storeId: string,
  id: string,
  terms: DiscountTerms,
  actor: AdminActor,
): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    const before = await codeRow(tx, storeId, id, true);
    // The form shows the expiry to the minute: the same minute sent back is the expiry unchanged
    // (an expired code's other terms can still be edited).
    const sentExpiry = terms.expiresAt === null ? null : new Date(terms.expiresAt);
    const unchangedExpiry =
      sentExpiry !== null &&
      before.expiresAt !== null &&
      Math.floor(sentExpiry.getTime() / 60_000) === Math.floor(before.expiresAt.getTime() / 60_000);
    if (!unchangedExpiry) refusePastExpiry(terms.expiresAt);
    if (terms.maxRedemptions < before.redemptions) {
      const message = M.belowUsed(before.redemptions);
      throw new DomainError("conflict", message, { maxRedemptions: message });
    }
    const columns = {
      ...termColumns(terms),
      ...(unchangedExpiry ? { expiresAt: before.expiresAt } : {}),
    };
    if (before.affiliateUserId !== null) {
      const same =
        columns.discountPercentage === before.discountPercentage &&
        !Object.values(columns.amounts).some((v) => v !== undefined) &&
        !Object.values(columns.caps).some((v) => v !== undefined) &&
        columns.oncePerCustomer === before.oncePerCustomer &&
        columns.public === before.public;
      if (!same) throw new DomainError("conflict", M.personalTerms);
    }
    const [row] = await tx
      .update(discountCodes)
      .set(
        before.affiliateUserId !== null
          ? {
              active: columns.active,
              expiresAt: columns.expiresAt,
              maxRedemptions: columns.maxRedemptions,
            }
          : columns,
      )
      .where(eq(discountCodes.id, before.id))
      .returning();
    if (!row) throw new DomainError("not_found", M.notFound);
    await audit(tx, storeId, actor, {
      action: "discount.update",
      target: `discount ${row.code.toUpperCase()}`,
      before: auditedTerms(before),
      after: auditedTerms(row),
    });
    const owners = await ownersOf(tx, [row]);
    return adminDiscountOf(row, owners.get(row.id) ?? null);
  });
}

/** Ends a code now: shoppers are refused it and carts holding it lose it. Audited. */
export async function expireDiscount(
  db: Database,
  storeId: string,
  id: string,
  actor: AdminActor,
): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    const before = await codeRow(tx, storeId, id, true);
    if (before.expiresAt !== null && before.expiresAt.getTime() <= Date.now()) {
      throw new DomainError("conflict", M.alreadyExpired);
    }
    const [row] = await tx
      .update(discountCodes)
      .set({ expiresAt: sql`now()` })
      .where(eq(discountCodes.id, before.id))
      .returning();
    if (!row) throw new DomainError("not_found", M.notFound);
    await audit(tx, storeId, actor, {
      action: "discount.expire",
      target: `discount ${row.code.toUpperCase()}`,
      before: { expiresAt: before.expiresAt?.toISOString() ?? null },
      after: { expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    const owners = await ownersOf(tx, [row]);
    return adminDiscountOf(row, owners.get(row.id) ?? null);
  });
}
