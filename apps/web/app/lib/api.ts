// The API's endpoints as calls: `import * as api from "~/lib/api"`, then `api.cart.addItem(item)`
// answers the cart as CartViewSchema types it, and throws an ApiError when the call fails. Each
// group is a file of lib/calls/, one call per endpoint of packages/domain/src/endpoints, typed by
// its descriptor; the descriptors are imported as types only, so the browser bundles the routes,
// not zod or the schemas, and a page bundles only the calls it makes.

/** The store admins' catalogue: products, variants, images, collections. */
export * as adminCatalog from "./calls/admin-catalog";
/** The store admins' pages, callout, mail sender and chat widget. */
export * as adminContent from "./calls/admin-content";
/** The store admins' discount codes. */
export * as adminDiscounts from "./calls/admin-discounts";
/** The cart and its discount code. */
export * as cart from "./calls/cart";
