import { STORES_ROUTES, type storesEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The store: its information, theme and global content. */
export const stores = /* @__PURE__ */ clientOf<typeof storesEndpoints>(STORES_ROUTES);
