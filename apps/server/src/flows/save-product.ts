/**
 * The admin's product editor saves a product: the catalogue writes it, and keeps the variants and
 * plans a subscription still to be delivered holds (the subscriptions module's read, handed to
 * it here: subscriptions read the catalogue, so the catalogue does not read them).
 */
import type { AdminProductDetail, ProductInput } from "@storefront/domain";
import type { Database } from "../db/index.ts";
import type { AdminActor } from "../lib/audit.ts";
import {
  createProduct as writeNewProduct,
  updateProduct as writeProduct,
} from "../modules/catalog/writers.ts";
import { liveSubscriptions } from "../modules/subscriptions/index.ts";

/** Creates a product with its variants, prices, plans and collections (catalog/product-editor.ts). */
export function createProduct(
  db: Database,
  storeId: string,
  input: ProductInput,
  actor: AdminActor,
): Promise<AdminProductDetail> {
  return writeNewProduct(db, storeId, input, actor, liveSubscriptions);
}

/** Saves the whole product as its editor shows it; a subscribed variant or plan stays (409). */
export function updateProduct(
  db: Database,
  storeId: string,
  productId: string,
  input: ProductInput,
  actor: AdminActor,
): Promise<AdminProductDetail> {
  return writeProduct(db, storeId, productId, input, actor, liveSubscriptions);
}
