import type { GardenDesignRequest } from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/** POST /pbn/layouts for the store; throws an ApiError when the request was not accepted. */
export async function sendGardenDesign(request: GardenDesignRequest, storeId: string) {
  await apiRequest("POST", "/pbn/layouts", { layoutData: request, store_id: storeId });
}
