import { expectTypeOf, it } from "vitest";
import type { Database, Transaction } from "../db/index.ts";
import { insertOrder } from "../modules/orders/order-lifecycle.ts";
import { startSubscriptions } from "../modules/subscriptions/service.ts";
import { reviveExpiredOrder } from "./apply-payment-event.ts";
import { completeOrder } from "./complete-order.ts";
import { releaseCartOrders, releaseOrder } from "./release-order.ts";

// Checked by the type checker (tsc -p apps/server); at run time these assertions do nothing.
it("the order lifecycle's writers take a Transaction, which a plain connection is not", () => {
  expectTypeOf<Database>().not.toExtend<Transaction>();
  expectTypeOf<Transaction>().toExtend<Database>();
  expectTypeOf(insertOrder).parameter(0).toEqualTypeOf<Transaction>();
  expectTypeOf(completeOrder).parameter(0).toEqualTypeOf<Transaction>();
  expectTypeOf(releaseOrder).parameter(0).toEqualTypeOf<Transaction>();
  expectTypeOf(releaseCartOrders).parameter(0).toEqualTypeOf<Transaction>();
  expectTypeOf(reviveExpiredOrder).parameter(0).toEqualTypeOf<Transaction>();
  expectTypeOf(startSubscriptions).parameter(0).toEqualTypeOf<Transaction>();
});
