import { ORDER_MESSAGES, StatusTransitionError } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET_STORE, placeOrder, uniqueEmail } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { orders } from "../../db/schema.ts";
import { endUnpaidOrder, reopenOrder } from "./order-lifecycle.ts";
import type { OrderRow } from "./order-reads.ts";
import { cancelPaidTooLate } from "./payment-orders.ts";

describe("an order's status changes only as the domain's table allows", () => {
  let t: TestApp;
  let paid: OrderRow;

  beforeAll(async () => {
    t = await createTestApp();
    const number = await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail("status.paid"));
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, PET_STORE), eq(orders.number, number)));
    if (!row) throw new Error("the order was not placed");
    paid = row;
  });
  afterAll(() => t.close());

  const statusNow = async () =>
    (
      await t.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, paid.id))
    )[0]?.status;

  it("refuses to reopen or cancel a paid order, and leaves it paid", async () => {
    expect(paid.status).toBe("paid");
    await expect(t.database.db.transaction((tx) => reopenOrder(tx, paid))).rejects.toThrow(
      StatusTransitionError,
    );
    await expect(
      t.database.db.transaction((tx) =>
        cancelPaidTooLate(tx, paid, ORDER_MESSAGES.refundedCanceled, new Date()),
      ),
    ).rejects.toThrow("An order cannot move from paid to canceled");
    expect(await statusNow()).toBe("paid");
  });

  it("ends only an order awaiting payment: a paid one is not released", async () => {
    const ended = await t.database.db.transaction((tx) =>
      endUnpaidOrder(tx, paid.id, "expired", ORDER_MESSAGES.holdExpired, new Date()),
    );
    expect(ended).toBe(false);
    expect(await statusNow()).toBe("paid");
  });
});
