import {
  CollectionViewSchema,
  CurrencySchema,
  HandleSchema,
  ProductListSchema,
  ProductSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestCurrency } from "../../plugins/currency.ts";
import { getCollection, getProduct, listProducts } from "./service.ts";

// Without ?currency= the visitor's currency applies (cookie, then country, then USD).
const CurrencyQuery = z.strictObject({ currency: CurrencySchema.optional() });

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products",
    {
      schema: {
        tags: ["catalog"],
        summary: "Published products",
        querystring: CurrencyQuery,
        response: { 200: ProductListSchema },
      },
    },
    async (request) => ({
      products: await listProducts(
        app.db,
        request.storeId,
        requestCurrency(request, request.query.currency),
      ),
    }),
  );

  app.get(
    "/api/products/:handle",
    {
      schema: {
        tags: ["catalog"],
        summary: "One product with its variants, priced in the currency",
        params: z.object({ handle: HandleSchema }),
        querystring: CurrencyQuery,
        response: { 200: ProductSchema },
      },
    },
    async (request) =>
      getProduct(
        app.db,
        request.storeId,
        request.params.handle,
        requestCurrency(request, request.query.currency),
      ),
  );

  app.get(
    "/api/collections/:handle",
    {
      schema: {
        tags: ["catalog"],
        summary: "One collection with its products",
        params: z.object({ handle: HandleSchema }),
        querystring: CurrencyQuery,
        response: { 200: CollectionViewSchema },
      },
    },
    async (request) =>
      getCollection(
        app.db,
        request.storeId,
        request.params.handle,
        requestCurrency(request, request.query.currency),
      ),
  );
};
