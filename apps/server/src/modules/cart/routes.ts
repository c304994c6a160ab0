import { cartEndpoints as cart, lineRefOf } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyDiscountCode } from "../../flows/apply-discount-code.ts";
import { withCartOwner } from "../../plugins/cart-owner.ts";
import { setCurrencyCookie, soldCurrency } from "../../plugins/currency.ts";
import { endpointRead, route } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import {
  addCartItem,
  clearCart,
  type ReplaceEntry,
  removeCartItem,
  removeDiscountCode,
  replaceCart,
  setCartCurrency,
  updateCartItem,
} from "./cart-commands.ts";
import { getCart } from "./cart-view.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

export const cartRead = endpointRead(cart.get, {
  read: async (request) => getCart(request.server.db, await request.cartOwner()),
});

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // A cart is one visitor's: no browser or proxy keeps a copy.
  neverCached(app);
  registerPageRead(app, cartRead);

  route(app, cart.addItem, async (request, reply) =>
    withCartOwner(request, reply, (owner) => addCartItem(app.db, owner, request.body)),
  );

  route(app, cart.updateItem, async (request) =>
    updateCartItem(
      app.db,
      await request.cartOwner(),
      lineRefOf(request.params.sku, request.query),
      request.body.quantity,
    ),
  );

  route(app, cart.removeItem, async (request) =>
    removeCartItem(app.db, await request.cartOwner(), lineRefOf(request.params.sku, request.query)),
  );

  route(app, cart.clear, async (request) => clearCart(app.db, await request.cartOwner()));

  route(app, cart.setCurrency, async (request, reply) => {
    const currency = soldCurrency(request, request.body.currency);
    const cart = await setCartCurrency(app.db, await request.cartOwner(), currency);
    setCurrencyCookie(request, reply, currency);
    return cart;
  });

  // The spec's call table: the browser initialises its cart from GET and syncs it with POST.
  route(app, cart.items, async (request) => getCart(app.db, await request.cartOwner()));

  route(app, cart.replace, async (request, reply) => {
    // Extra fields of an item (product_price, title, …) are ignored: prices come from the DB.
    const entries = request.body.cartItems.map(
      ({ sku, quantity, subscription, bundle_id, skus_selected }): ReplaceEntry =>
        bundle_id != null && skus_selected != null
          ? { bundleId: bundle_id, skusSelected: skus_selected, quantity }
          : { sku, quantity, subscriptionId: subscription?.subscription_id ?? null },
    );
    // An empty cart needs no session; anything else opens one.
    if (entries.length === 0) {
      return replaceCart(app.db, await request.cartOwner(), entries);
    }
    return withCartOwner(request, reply, (owner) => replaceCart(app.db, owner, entries));
  });

  route(app, cart.applyDiscount, async (request, reply) =>
    withCartOwner(request, reply, (owner) => applyDiscountCode(app.db, owner, request.body.code)),
  );

  route(app, cart.removeDiscount, async (request) =>
    removeDiscountCode(app.db, await request.cartOwner()),
  );
};
