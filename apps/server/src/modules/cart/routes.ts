import {
  AddCartItemSchema,
  ApplyDiscountSchema,
  CartLineQuerySchema,
  CartLineSkuSchema,
  CartViewSchema,
  SetCurrencySchema,
  SyncCartSchema,
  UpdateCartItemSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applyDiscountCode } from "../../flows/apply-discount-code.ts";
import { withCartOwner } from "../../plugins/cart-owner.ts";
import { setCurrencyCookie, soldCurrency } from "../../plugins/currency.ts";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
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
import type { LineRef } from "./write-cart.ts";

const SkuParams = z.object({ sku: CartLineSkuSchema });
const cartAnswer = { 200: CartViewSchema };

/**
 * The line a PATCH or DELETE names: the sku's plain line, its line on ?subscription_id=, or for a
 * bundle's sku its line holding ?skus_selected=.
 */
function lineRef(
  sku: string,
  query: { subscription_id?: string | undefined; skus_selected?: string[] | undefined },
): LineRef {
  return {
    sku,
    subscriptionId: query.subscription_id ?? null,
    skusSelected: query.skus_selected ?? null,
  };
}

export const cartRead = pageRead({
  url: "/api/cart",
  tags: ["cart"],
  summary: "The visitor's cart",
  response: CartViewSchema,
  read: async (request) => getCart(request.server.db, await request.cartOwner()),
});

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // A cart is one visitor's: no browser or proxy keeps a copy.
  neverCached(app);
  registerPageRead(app, cartRead);

  app.post(
    "/api/cart/items",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Add a variant by sku, once or on a plan (subscription_id: the plan's code), or a bundle (bundle_id: its handle, skus_selected: one sku per slot); price from the store; refused past 19 lines, 19 of one, or stock",
        body: AddCartItemSchema,
        response: cartAnswer,
      },
    },
    async (request, reply) =>
      withCartOwner(request, reply, (owner) => addCartItem(app.db, owner, request.body)),
  );

  app.patch(
    "/api/cart/items/:sku",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Set a line's quantity (1 to 19, within stock); ?subscription_id= names a subscription line, ?skus_selected=A,B a bundle line",
        params: SkuParams,
        querystring: CartLineQuerySchema,
        body: UpdateCartItemSchema,
        response: cartAnswer,
      },
    },
    async (request) =>
      updateCartItem(
        app.db,
        await request.cartOwner(),
        lineRef(request.params.sku, request.query),
        request.body.quantity,
      ),
  );

  app.delete(
    "/api/cart/items/:sku",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Remove a line; ?subscription_id= names a subscription line, ?skus_selected=A,B a bundle line",
        params: SkuParams,
        querystring: CartLineQuerySchema,
        response: cartAnswer,
      },
    },
    async (request) =>
      removeCartItem(app.db, await request.cartOwner(), lineRef(request.params.sku, request.query)),
  );

  app.delete(
    "/api/cart",
    { schema: { tags: ["cart"], summary: "Empty the cart", response: cartAnswer } },
    async (request) => clearCart(app.db, await request.cartOwner()),
  );

  app.put(
    "/api/cart/currency",
    {
      schema: {
        tags: ["cart"],
        summary: "Choose the currency: re-prices the cart and remembers the choice (cookie)",
        body: SetCurrencySchema,
        response: cartAnswer,
      },
    },
    async (request, reply) => {
      const currency = soldCurrency(request, request.body.currency);
      const cart = await setCartCurrency(app.db, await request.cartOwner(), currency);
      setCurrencyCookie(request, reply, currency);
      return cart;
    },
  );

  // The spec's call table: the browser initialises its cart from GET and syncs it with POST.
  app.get(
    "/metrics/cart-items",
    {
      schema: {
        tags: ["cart"],
        summary: "The visitor's cart (spec: GET metrics/cart-items, reads cartItems)",
        response: cartAnswer,
      },
    },
    async (request) => getCart(app.db, await request.cartOwner()),
  );

  app.post(
    "/metrics/cart-items",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Replace the cart with {cartItems} (only sku, quantity, subscription.subscription_id, bundle_id and skus_selected are read; prices come from the store)",
        body: SyncCartSchema,
        response: cartAnswer,
      },
    },
    async (request, reply) => {
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
    },
  );

  app.put(
    "/api/cart/discount",
    {
      schema: {
        tags: ["discounts"],
        summary: "Apply a discount code to the cart (case-insensitive)",
        body: ApplyDiscountSchema,
        response: { 200: CartViewSchema },
      },
    },
    async (request, reply) =>
      withCartOwner(request, reply, (owner) => applyDiscountCode(app.db, owner, request.body.code)),
  );

  app.delete(
    "/api/cart/discount",
    {
      schema: {
        tags: ["discounts"],
        summary: "Remove the cart's discount code",
        response: { 200: CartViewSchema },
      },
    },
    async (request) => removeDiscountCode(app.db, await request.cartOwner()),
  );
};
