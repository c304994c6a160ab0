import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PETS, payCart, quoteAddress, setStock, stockOf } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { orders } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

// Its own app and database: the rush of concurrency.test.ts on a code is already at the edge of
// what the pool's connection timeout allows, and is kept as it was.
describe("checkout of bundles under concurrency", () => {
  const processor = new TestCardProcessor();
  const t = useTestApp({}, { testProcessor: processor });

  async function paidOrders(email: string) {
    return t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, email), eq(orders.status, "paid")));
  }

  it("sells exactly the last units of a variant to 200 shoppers paying at once, bundles holding it and plain lines alike", async () => {
    await setStock(t.database.db, "OUCHIE-1", 500);
    await setStock(t.database.db, "YOUNG-1", 500);
    // A third buy two Ouchie in one bundle, a third one Ouchie and one Forever Young in another,
    // a third one Ouchie on its own: each kind of line competes for the same 11 bottles.
    const adds = [
      { bundle_id: "calm-comfort-duo", skus_selected: ["OUCHIE-1", "OUCHIE-1"], quantity: 1 },
      { bundle_id: "calm-comfort-duo", skus_selected: ["YOUNG-1", "OUCHIE-1"], quantity: 1 },
      { sku: "OUCHIE-1", quantity: 1 },
    ];
    const list: { v: Visitor; total: number; kind: number }[] = [];
    const totals = new Map<number, number>();
    for (let i = 0; i < 200; i += 1) {
      const kind = i % adds.length;
      const v = new Visitor(t.app, PETS);
      const added = await v.post("/api/cart/items", adds[kind]);
      expect(added.statusCode, added.body).toBe(200);
      if (!totals.has(kind)) {
        const quote = await v.post("/api/checkout/quote", { address: quoteAddress() });
        totals.set(kind, quote.json().total);
      }
      list.push({ v, total: totals.get(kind) ?? 0, kind });
    }
    await setStock(t.database.db, "OUCHIE-1", 11);
    processor.charges.clear();
    const email = "bundle-rush@example.com";
    const answers = await Promise.all(
      list.map(({ v, total }) => payCart(v, email, { total, shippingOptionId: "standard" })),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().error.code).toBe("out_of_stock");
    }
    const paid = answers.flatMap((a, i) => (a.statusCode === 200 ? [list[i]?.kind ?? -1] : []));
    // Each paid order took its Ouchie; no order was charged without taking it.
    const ouchieSold = paid.reduce((sum, kind) => sum + (kind === 0 ? 2 : 1), 0);
    const youngSold = paid.filter((kind) => kind === 1).length;
    expect(processor.charges.size).toBe(paid.length);
    expect(await paidOrders(email)).toHaveLength(paid.length);
    const left = await stockOf(t.database.db, "OUCHIE-1");
    expect(left).toBeGreaterThanOrEqual(0);
    expect(ouchieSold + left).toBe(11);
    // Only a bundle needing two can be short of the last bottle.
    expect(left).toBeLessThanOrEqual(1);
    expect(await stockOf(t.database.db, "YOUNG-1")).toBe(500 - youngSold);
    expect(await stockOf(t.database.db, "CALM-DUO")).toBe(0);
  }, 180_000);
});
