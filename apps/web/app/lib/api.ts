// The API's endpoints as calls, one export per group of packages/domain/src/endpoints, typed by
// the group's descriptors: `import * as api from "~/lib/api"`, then `api.cart.addItem(item)`
// answers the cart as CartViewSchema types it, and throws an ApiError when the call fails. The
// descriptors are imported as types only: the browser bundles the routes, not zod or the schemas.
// Each group is a module of its own (api-groups/), marked pure: a chunk bundles only the groups
// it calls, so a page's first load carries the cart's and no group only a lazy feature calls.

export { analytics } from "./api-groups/analytics";
export { cart } from "./api-groups/cart";
export { catalog } from "./api-groups/catalog";
export { chat } from "./api-groups/chat";
export { checkout } from "./api-groups/checkout";
export { content } from "./api-groups/content";
export { designRequests } from "./api-groups/design-requests";
export { reviews } from "./api-groups/reviews";
export { search } from "./api-groups/search";
export { stores } from "./api-groups/stores";
export { trade } from "./api-groups/trade";
