import type { Product } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/** GET /api/products/{handle}: the whole product, with its variants and plans. */
export function fetchProduct(handle: string): Promise<Product> {
  return apiRequest<Product>("GET", `/api/products/${encodeURIComponent(handle)}`);
}
