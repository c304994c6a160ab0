import {
  ADMIN_CATALOG_ROUTES,
  ADMIN_CONTENT_ROUTES,
  ADMIN_DISCOUNTS_ROUTES,
  type adminCatalogEndpoints,
  type adminContentEndpoints,
  type adminDiscountsEndpoints,
} from "@storefront/domain";
import { clientOf } from "./api-client";

// The store admin's groups of endpoints as calls, as ~/lib/api.ts has the others: `import * as
// api from "~/lib/api-admin"`, then `api.adminCatalog.products({ query })`. They are a module of
// their own because every page loads ~/lib/api.ts (root.tsx calls the cart) in its one shared
// chunk, whole: routes kept there would be on every shopper's first load, and only the admin's
// screens call these.

/** The store admins' catalogue: products, variants, images, collections. */
export const adminCatalog =
  /* @__PURE__ */ clientOf<typeof adminCatalogEndpoints>(ADMIN_CATALOG_ROUTES);

/** The store admins' pages, callout, mail sender and chat widget. */
export const adminContent =
  /* @__PURE__ */ clientOf<typeof adminContentEndpoints>(ADMIN_CONTENT_ROUTES);

/** The store admins' discount codes. */
export const adminDiscounts =
  /* @__PURE__ */ clientOf<typeof adminDiscountsEndpoints>(ADMIN_DISCOUNTS_ROUTES);
