import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document of every route, made from their zod schemas (served by app.ts). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Storefront API", version: "1.0.0" },
      tags: [
        { name: "stores" },
        { name: "catalog" },
        { name: "content" },
        { name: "cart" },
        { name: "discounts" },
        { name: "accounts", description: "Sign-in, sign-out, registration, password reset" },
        { name: "checkout", description: "Shipping, tax and payment of the cart" },
        { name: "orders" },
        { name: "payments", description: "Payment provider webhooks" },
        { name: "design-requests", description: "Garden design requests (Garden Design Form)" },
        { name: "reviews", description: "Product reviews, helpful votes, the owner's moderation" },
        { name: "analytics", description: "Visits, beacons and the abandoned-cart report" },
        { name: "search", description: "Products and pages for a query; the searches' report" },
        {
          name: "platform",
          description: "The platform's operators: open, disable, connect stores",
        },
        {
          name: "chat",
          description: "The support chatbot: a visitor's conversation, the owner's list",
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
}
