import { expectTypeOf, it } from "vitest";
import type { Database, Transaction } from "../../db/index.ts";
import { lockCart } from "./cart-rows.ts";
import { recordEvents, saveLines } from "./cart-writes.ts";
import { lockCheckoutCart } from "./checkout-cart.ts";

// Checked by tsc: a helper that must run inside the caller's transaction refuses a plain
// connection, so a lock or a write cannot silently run outside the transaction it belongs to.
it("takes a Transaction where the caller's transaction is needed", () => {
  for (const helper of [lockCart, saveLines, recordEvents, lockCheckoutCart]) {
    expectTypeOf(helper).parameter(0).toEqualTypeOf<Transaction>();
  }
  expectTypeOf<Database>().not.toExtend<Transaction>();
  expectTypeOf<Transaction>().toExtend<Database>();
});
