import {
  CollectionQuerySchema,
  CollectionViewSchema,
  CurrencySchema,
  HandleSchema,
  ProductListSchema,
  ProductSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { priceListOf } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
import { getCollection, getProduct, listProducts } from "./service.ts";

// Without ?currency= the visitor's currency applies (cookie, then country, then USD).
const CurrencyQuery = z.strictObject({ currency: CurrencySchema.optional() });

const HandleParams = z.object({ handle: HandleSchema });

export const productsRead = pageRead({
  url: "/api/products",
  tags: ["catalog"],
  summary: "Published products",
  shows: () => ["catalog"],
  querystring: CurrencyQuery,
  response: ProductListSchema,
  read: async (request, { query }) => ({
    products: await listProducts(
      request.server.db,
      request.storeId,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
  }),
});

export const productRead = pageRead({
  url: "/api/products/:handle",
  tags: ["catalog"],
  summary: "One product with its variants, priced in the currency",
  shows: (params) => [`product:${params.handle}`],
  params: HandleParams,
  querystring: CurrencyQuery,
  response: ProductSchema,
  read: async (request, { params, query }) =>
    getProduct(
      request.server.db,
      request.storeId,
      params.handle,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
});

export const collectionRead = pageRead({
  url: "/api/collections/:handle",
  tags: ["catalog"],
  summary: "One collection with its products, sorted (sort) and filtered by tag (pet, condition)",
  shows: () => ["catalog"],
  params: HandleParams,
  querystring: CurrencyQuery.extend(CollectionQuerySchema.shape),
  response: CollectionViewSchema,
  read: async (request, { params, query: { currency, ...order } }) =>
    getCollection(
      request.server.db,
      request.storeId,
      params.handle,
      requestCurrency(request, currency),
      order,
      await priceListOf(request),
    ),
});

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, productsRead);
  registerPageRead(app, productRead);
  registerPageRead(app, collectionRead);
};
