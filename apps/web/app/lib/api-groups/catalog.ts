import { CATALOG_ROUTES, type catalogEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The catalogue as shoppers read it: products and collections. */
export const catalog = /* @__PURE__ */ clientOf<typeof catalogEndpoints>(CATALOG_ROUTES);
