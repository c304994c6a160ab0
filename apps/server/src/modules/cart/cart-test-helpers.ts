import { and, eq } from "drizzle-orm";
import { PET_STORE, PETS } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { carts, variants } from "../../db/schema.ts";

/**
 * The cart tests' app (trusting X-Forwarded-Proto, so a test can ask as if over https, for the
 * Secure cookie flag) and their helpers. `log.statements`, while an array, collects the SQL the
 * app runs.
 */
export function useCartApp() {
  const log: { statements: string[] | null } = { statements: null };
  const t = useTestApp({ trustProxy: 1 }, { logQuery: (q) => log.statements?.push(q) });

  const visitor = (host = PETS, headers: Record<string, string> = {}) =>
    new Visitor(t.app, host, headers);

  async function variantOf(sku: string, storeId = PET_STORE) {
    const [row] = await t.database.db
      .select()
      .from(variants)
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
    if (!row) throw new Error(`no variant ${sku}`);
    return row;
  }

  async function cartRowOf(v: Visitor, storeId = PET_STORE) {
    const sessionId = sessionIdOf(v);
    if (!sessionId) return undefined;
    const [row] = await t.database.db
      .select()
      .from(carts)
      .where(and(eq(carts.storeId, storeId), eq(carts.sessionId, sessionId)));
    return row;
  }

  async function countCarts(): Promise<number> {
    return (await t.database.db.select({ id: carts.id }).from(carts)).length;
  }

  return { t, log, visitor, variantOf, cartRowOf, countCarts };
}
