import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products/:handle", "routes/product.tsx"),
  route("collections/:handle", "routes/collection.tsx"),
  route("cart", "routes/cart.tsx"),
  route("cart/recover", "routes/cart-recover.tsx"),
  route("email/unsubscribe", "routes/email-unsubscribe.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("orders/:number", "routes/order.tsx"),
  route("account", "routes/account.tsx"),
  route("account/sign-in", "routes/account-sign-in.tsx"),
  route("account/reset-password", "routes/account-reset-password.tsx"),
  route("account/confirm", "routes/account-confirm.tsx"),
  route("garden-design", "routes/garden-design.tsx"),
  route("search", "routes/search.tsx"),
  // The store's admin: its own frame and chunks; nothing of it reaches a storefront page.
  route("admin", "routes/admin.tsx", [
    index("routes/admin-home.tsx"),
    route("orders", "routes/admin-orders.tsx"),
    route("orders/:number", "routes/admin-order.tsx"),
    route("products", "routes/admin-products.tsx"),
    route("products/:id", "routes/admin-product.tsx"),
    route("collections", "routes/admin-collections.tsx"),
    route("discounts", "routes/admin-discounts.tsx"),
    route("discounts/:id", "routes/admin-discount.tsx"),
    route("pages", "routes/admin-pages.tsx"),
    route("pages/*", "routes/admin-page.tsx"),
    route("storefront", "routes/admin-storefront.tsx"),
    route("reviews", "routes/admin-reviews.tsx"),
    route("trade", "routes/admin-trade.tsx"),
    route("design-requests", "routes/admin-design-requests.tsx"),
    route("chats", "routes/admin-chats.tsx"),
    route("abandoned-carts", "routes/admin-abandoned-carts.tsx"),
  ]),
  // The platform's operators, on PLATFORM_HOST only.
  route("platform", "routes/platform.tsx"),
  route("platform/set-password", "routes/platform-set-password.tsx"),
  // /pages/*, /policies/* and any other path: a static content page.
  route("*", "routes/page.tsx"),
] satisfies RouteConfig;
