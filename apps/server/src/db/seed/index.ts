import type { DemoStore } from "@storefront/domain";
import { sql } from "drizzle-orm";
import { lockStores, writeStore } from "../../flows/open-store.ts";
import type { Database } from "../index.ts";
import { stores } from "../schema.ts";
import { gardenStudio } from "./garden-studio.ts";
import { hempNutrition } from "./hemp-nutrition.ts";
import { petRemedies } from "./pet-remedies.ts";

export const DEMO_STORES: readonly DemoStore[] = [petRemedies, gardenStudio, hempNutrition];

/**
 * Loads the demo stores into an empty database, once: if any store exists nothing is written.
 * Several server instances starting together serialise on an advisory lock.
 */
export async function loadDemoStores(
  db: Database,
  demo: readonly DemoStore[] = DEMO_STORES,
): Promise<{ loaded: boolean }> {
  return db.transaction(async (tx) => {
    await lockStores(tx);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(stores);
    if (count > 0) return { loaded: false };
    for (const store of demo) await writeStore(tx, store);
    return { loaded: true };
  });
}
