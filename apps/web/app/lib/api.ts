import {
  CART_ROUTES,
  type cartEndpoints,
  SESSION_ROUTES,
  type sessionEndpoints,
} from "@storefront/domain";
import { clientOf } from "./api-client";

// The API's endpoints as calls, one export per group of packages/domain/src/endpoints, typed by
// the group's descriptors: `import * as api from "~/lib/api"`, then `api.cart.addItem(item)`
// answers the cart as CartViewSchema types it, and throws an ApiError when the call fails. The
// descriptors are imported as types only: the browser bundles the routes, not zod or the schemas.
// Each group is marked pure, so a page bundles only the groups it calls.
//
// A group that not every page calls is a module of its own in ./api-groups: a module goes into
// one chunk whole, and this one is in the chunk every page loads (the cart's calls are), so a
// group written here would be loaded by every page. The build's walk for that chunk
// (scripts/every-page-chunk.ts) follows `api.<group>` to the groups a module reads.

/** The cart and its discount code. */
export const cart = /* @__PURE__ */ clientOf<typeof cartEndpoints>(CART_ROUTES);

/** Whether the visitor is signed in, and as whom. */
export const session = /* @__PURE__ */ clientOf<typeof sessionEndpoints>(SESSION_ROUTES);

export { accounts } from "./api-groups/accounts";
export { orders } from "./api-groups/orders";
export { platform } from "./api-groups/platform";
export { subscriptions } from "./api-groups/subscriptions";
