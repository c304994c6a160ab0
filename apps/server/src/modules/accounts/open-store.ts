import { randomBytes } from "node:crypto";
import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { passwords } from "./passwords.ts";
import { users } from "./schema.ts";
import { personalDiscountCode } from "./service.ts";

/** Writes a new store's accounts from its blueprint (the demo stores' owners and shoppers). */
export async function insertAccounts(tx: Transaction, store: DemoStore): Promise<void> {
  for (const a of store.accounts ?? []) {
    await tx.insert(users).values({
      storeId: store.id,
      email: a.email.toLowerCase(),
      passwordHash: await passwords.hash(a.password),
      firstName: a.firstName,
      lastName: a.lastName,
      birthday: a.birthday ?? null,
      userType: a.userType ?? "customer",
      resaleCertificate: a.resaleCertificate ?? null,
      pointsBalance: a.pointsBalance,
      discountCode: a.discountCode,
      discountPercentage: a.discountPercentage ?? 10,
      commissionPercentage: a.commissionPercentage ?? null,
      commissionAmount: a.commissionAmount ?? 0,
    });
  }
}

/**
 * Writes a new store's owner: an admin account whose password nobody knows until the owner's
 * invitation link sets one. Answers its id.
 */
export async function insertOwnerAccount(
  tx: Transaction,
  store: { id: string; ownerEmail: string; brandName: string },
): Promise<string> {
  const [owner] = await tx
    .insert(users)
    .values({
      storeId: store.id,
      email: store.ownerEmail,
      passwordHash: await passwords.hash(randomBytes(32).toString("base64url")),
      firstName: "Store",
      lastName: "Owner",
      userType: "admin",
      discountCode: personalDiscountCode(store.brandName),
    })
    .returning({ id: users.id });
  if (!owner) throw new Error("the owner's account was not written");
  return owner.id;
}
