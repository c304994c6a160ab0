import { CART_ROUTES, type cartEndpoints } from "@storefront/domain";
import { clientOf } from "./api-client";

// The API's endpoints as calls, one export per group of packages/domain/src/endpoints, typed by
// the group's descriptors: `import * as api from "~/lib/api"`, then `api.cart.addItem(item)`
// answers the cart as CartViewSchema types it, and throws an ApiError when the call fails. The
// descriptors are imported as types only: the browser bundles the routes, not zod or the schemas.
// Each group is marked pure, so a page bundles only the groups it calls.

/** The cart and its discount code. */
export const cart = /* @__PURE__ */ clientOf<typeof cartEndpoints>(CART_ROUTES);
