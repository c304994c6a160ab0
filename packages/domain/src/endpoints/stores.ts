import { endpoint } from "../endpoint.ts";
import { StoreInfoSchema } from "../store-schema.ts";
import * as STORES_ROUTES from "./stores-routes.ts";

/** The store's endpoint (registered by modules/stores/routes.ts). */
export const storesEndpoints = {
  info: endpoint(STORES_ROUTES.info, {
    tags: ["stores"],
    summary: "Store information, theme and global content",
    response: { 200: StoreInfoSchema },
  }),
};
