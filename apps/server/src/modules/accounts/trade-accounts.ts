import { namesOf } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import { users } from "./schema.ts";
import { personalDiscountCode } from "./service.ts";
import type { UserRow } from "./sessions.ts";

/** What making an email's account a trade account did. */
export type TradeAccountOutcome =
  | { kind: "admin" }
  | { kind: "done"; user: UserRow; before: UserRow | null };

/**
 * In the caller's transaction, the store's account of `email` becomes a wholesale one (with the
 * resale certificate when given); without one, one is made for it with a personal code and the
 * password hash given (one nobody knows: the applicant chooses theirs by the mailed link). An
 * admin's account stays as it is.
 */
export async function makeTradeAccount(
  tx: Transaction,
  account: {
    storeId: string;
    email: string;
    contactName: string;
    resaleCertificate?: string | undefined;
    unknownPasswordHash: string;
  },
  now: Date,
): Promise<TradeAccountOutcome> {
  const certificate = account.resaleCertificate
    ? { resaleCertificate: account.resaleCertificate }
    : {};
  const email = account.email.toLowerCase();
  const [existing] = await tx
    .select()
    .from(users)
    .where(and(eq(users.storeId, account.storeId), eq(users.email, email)))
    .for("update");
  let user: UserRow | undefined;
  if (existing?.userType === "admin") return { kind: "admin" };
  if (existing) {
    [user] = await tx
      .update(users)
      .set({ userType: "wholesale", ...certificate, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
  } else {
    const { firstName, lastName } = namesOf(account.contactName);
    // A code already held by someone in this store: draw again (rare; a few tries are plenty).
    for (let attempt = 0; attempt < 6 && !user; attempt++) {
      [user] = await tx
        .insert(users)
        .values({
          storeId: account.storeId,
          email,
          passwordHash: account.unknownPasswordHash,
          firstName,
          lastName,
          userType: "wholesale",
          ...certificate,
          discountCode: personalDiscountCode(firstName),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
    }
  }
  if (!user) throw new Error("No free personal discount code after 6 tries");
  return { kind: "done", user, before: existing ?? null };
}
