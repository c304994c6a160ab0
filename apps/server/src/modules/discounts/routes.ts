import { ApplyDiscountSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { visitorSessionId, withVisitorSession } from "../../plugins/session.ts";
import { CartViewSchema, cartOwner } from "../cart/routes.ts";
import { applyDiscountCode, removeDiscountCode } from "../cart/service.ts";

export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
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
      withVisitorSession(request, reply, (sessionId) =>
        applyDiscountCode(app.db, cartOwner(request, sessionId), request.body.code),
      ),
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
    async (request) => removeDiscountCode(app.db, cartOwner(request, visitorSessionId(request))),
  );
};
