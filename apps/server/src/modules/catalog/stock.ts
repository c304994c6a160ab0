import { CHECKOUT_MESSAGES, DomainError, type OrderLineDraft } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import type { Transaction } from "../../db/index.ts";
import { variants } from "./schema.ts";

/** A line as its stock is counted (its variant is null once deleted). */
export type StockLine = Pick<OrderLineDraft, "quantity" | "title" | "contents"> & {
  variantId: string | null;
};

/** What a line takes from a variant's stock: its variant's id, how many, and the name it is sold by. */
interface StockTake {
  variantId: string | null;
  quantity: number;
  title: string;
}

/**
 * What the lines take from stock, one entry per variant: a plain line its own variant, a bundle
 * line each variant it holds (its quantity times how many one bundle holds) and never the
 * bundle's own variant. Sorted by variant, so two orders take their stock in the same order and
 * never wait on each other.
 */
function stockTakes(lines: readonly StockLine[]): StockTake[] {
  const takes = new Map<string, StockTake & { variantId: string }>();
  const missing: StockTake[] = [];
  const take = (variantId: string | null, quantity: number, title: string) => {
    if (!variantId) {
      missing.push({ variantId, quantity, title });
      return;
    }
    const known = takes.get(variantId);
    if (known) known.quantity += quantity;
    else takes.set(variantId, { variantId, quantity, title });
  };
  for (const line of lines) {
    if (!line.contents) take(line.variantId, line.quantity, line.title);
    else for (const c of line.contents) take(c.variantId, line.quantity * c.quantity, c.title);
  }
  const sorted = [...takes.values()].sort((a, b) => a.variantId.localeCompare(b.variantId));
  return [...missing, ...sorted];
}

/** Takes `quantity` from a variant's stock if it has that much (or is never shipped). */
const stockTaken = compiled(["variantId", "storeId", "quantity"], (db, p) =>
  db
    .update(variants)
    .set({
      stock: sql`${variants.stock} - case when ${variants.requiresShipping} then ${p.quantity}::int else 0 end`,
    })
    .where(
      and(
        eq(variants.id, p.variantId),
        eq(variants.storeId, p.storeId),
        sql`(${variants.stock} >= ${p.quantity}::int or not ${variants.requiresShipping})`,
      ),
    )
    .returning({ id: variants.id }),
);

/**
 * Takes the lines' stock with a guard in each statement (`stock >= quantity`), in variant order so
 * two orders never wait on each other; the first variant short of stock refuses the whole order.
 * A variant that is never shipped has no stock counted: its line takes nothing. A bundle takes
 * its contents' stock (see stockTakes).
 */
export async function takeStock(tx: Transaction, storeId: string, lines: readonly StockLine[]) {
  for (const line of stockTakes(lines)) {
    // A line whose variant was deleted since the order was placed has no stock to take.
    if (!line.variantId)
      throw new DomainError("out_of_stock", CHECKOUT_MESSAGES.outOfStock(line.title, 0));
    const [taken] = await stockTaken(tx, {
      variantId: line.variantId,
      storeId,
      quantity: line.quantity,
    });
    if (!taken) {
      const [left] = await tx
        .select({ stock: variants.stock })
        .from(variants)
        .where(eq(variants.id, line.variantId));
      throw new DomainError(
        "out_of_stock",
        CHECKOUT_MESSAGES.outOfStock(line.title, Math.max(0, left?.stock ?? 0)),
      );
    }
  }
}

/** Puts lines' items back in stock (an order released unpaid, or refunded and restocked). */
export async function giveStockBack(
  tx: Transaction,
  storeId: string,
  lines: readonly StockLine[],
): Promise<void> {
  for (const line of stockTakes(lines)) {
    if (!line.variantId) continue;
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(
        and(
          eq(variants.id, line.variantId),
          eq(variants.storeId, storeId),
          eq(variants.requiresShipping, true),
        ),
      );
  }
}
