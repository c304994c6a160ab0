// The API's endpoints as calls: `import * as api from "~/lib/api"`, then `api.cart.addItem(item)`
// answers the cart as CartViewSchema types it, and throws an ApiError when the call fails. Each
// group is a file of lib/calls/, one call per endpoint of packages/domain/src/endpoints, typed by
// its descriptor; the descriptors are imported as types only, so the browser bundles the routes,
// not zod or the schemas, and a page bundles only the calls it makes.

/** Sign-in, registration, sign-out, password reset and the signed-in account. */
export * as accounts from "./calls/accounts";
/** Store admins: the dashboard and the abandoned-cart report. */
export * as adminAnalytics from "./calls/admin-analytics";
/** The store admins' catalogue: products, variants, images, collections. */
export * as adminCatalog from "./calls/admin-catalog";
/** Store admins: the chatbot's conversations. */
export * as adminChat from "./calls/admin-chat";
/** The store admins' pages, callout, mail sender and chat widget. */
export * as adminContent from "./calls/admin-content";
/** Store admins: the garden design requests. */
export * as adminDesignRequests from "./calls/admin-design-requests";
/** The store admins' discount codes. */
export * as adminDiscounts from "./calls/admin-discounts";
/** Store admins: the orders, one order, its refunds, shipment and cancelling. */
export * as adminOrders from "./calls/admin-orders";
/** Store admins: every review, and hiding, showing or answering one. */
export * as adminReviews from "./calls/admin-reviews";
/** Store admins: the search report. */
export * as adminSearch from "./calls/admin-search";
/** Store admins: the trade applications and their approval. */
export * as adminTrade from "./calls/admin-trade";
/** The visit's analytics and a recovery email's links. */
export * as analytics from "./calls/analytics";
/** The cart and its discount code. */
export * as cart from "./calls/cart";
/** The catalogue as shoppers read it: products and collections. */
export * as catalog from "./calls/catalog";
/** The visitor's conversation with the support chatbot. */
export * as chat from "./calls/chat";
/** The checkout: the quote for an address, and the payment. */
export * as checkout from "./calls/checkout";
/** The store's documents: pages and layouts (the chatbot's). */
export * as content from "./calls/content";
/** The garden design request form. */
export * as designRequests from "./calls/design-requests";
/** A shopper's orders. */
export * as orders from "./calls/orders";
/** The platform's operators: their session and the stores. */
export * as platform from "./calls/platform";
/** A product's reviews, their helpful votes and reports. */
export * as reviews from "./calls/reviews";
/** The store's search. */
export * as search from "./calls/search";
/** Whether the visitor is signed in, and as whom. */
export * as session from "./calls/session";
/** The store: its information, theme and global content. */
export * as stores from "./calls/stores";
/** The signed-in shopper's subscriptions. */
export * as subscriptions from "./calls/subscriptions";
/** The trade partner application. */
export * as trade from "./calls/trade";
