import { and, eq } from "drizzle-orm";
import {
  HEMP,
  PET_STORE,
  PETS,
  placeOrder,
  signedInVisitor,
  uniqueEmail,
} from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { orders } from "./schema.ts";

/** The test processor, whose next refunds can be made to fail (the processor is down). */
export class FlakyProcessor extends TestCardProcessor {
  failRefunds = 0;
  refundCalls = 0;
  override async refund(reference: string, key: string, amount?: number): Promise<void> {
    this.refundCalls += 1;
    if (this.failRefunds > 0) {
      this.failRefunds -= 1;
      throw new Error("connect ECONNREFUSED");
    }
    return super.refund(reference, key, amount);
  }
}

/**
 * Three orders of the pet store and one of the hemp store, found by a word no other test's
 * orders hold; `place` places them in the test app (in beforeAll) and answers the hemp store's
 * order's number.
 */
export function taggedOrders() {
  /** A word no other test's orders hold, so a search for it sees only this file's orders. */
  const tag = `adm${Math.random().toString(36).slice(2, 8)}`;
  const emails = {
    first: uniqueEmail(`${tag}.first`),
    second: uniqueEmail(`${tag}.second`),
    third: uniqueEmail(`${tag}.third`),
  };
  const numbers: Record<keyof typeof emails, number> = { first: 0, second: 0, third: 0 };

  async function place(t: TestApp) {
    numbers.first = await placeOrder(t.app, { "ITCHY-1": 1 }, emails.first);
    numbers.second = await placeOrder(t.app, { "ITCHY-1": 3 }, emails.second);
    numbers.third = await placeOrder(t.app, { "EAT-1": 2 }, emails.third);
    const hempNumber = await placeOrder(
      t.app,
      { "HEMPOIL-1": 1 },
      uniqueEmail(`${tag}.hemp`),
      HEMP,
    );
    // The third was placed last year and canceled unpaid: the date and status filters find it.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date("2025-03-10T12:00:00Z"), status: "canceled", paidAt: null })
      .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, numbers.third)));
    return hempNumber;
  }

  return { tag, emails, numbers, place };
}

/** The store admins the admin orders tests sign in, on the test app `testApp()` answers. */
export function adminOrdersTestHelpers(testApp: () => TestApp) {
  const admin = async (host = PETS, storeId = PET_STORE) =>
    (
      await signedInVisitor(
        testApp().app,
        testApp().database.db,
        { storeId, userType: "admin" },
        host,
      )
    ).v;
  const adminOrder = async (v: Awaited<ReturnType<typeof admin>>, number: number) =>
    (await v.get(`/api/admin/orders/${number}`)).json();

  return { admin, adminOrder };
}
