import { ApplyDiscountSchema, CartViewSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withCartOwner } from "../../plugins/cart-owner.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { applyDiscountCode, removeDiscountCode } from "../cart/cart-commands.ts";

export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  // A cart is one visitor's: no browser or proxy keeps a copy.
  neverCached(app);
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
