import { catalogEndpoints as catalog } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { priceListOf } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { endpointRead } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { getCollection, getProduct, listProducts } from "./service.ts";

// Each read's URL and schemas are its descriptor's (packages/domain/src/endpoints/catalog.ts).

export const productsRead = endpointRead(catalog.products, {
  shows: () => ["catalog"],
  read: async (request, { query }) => ({
    products: await listProducts(
      request.server.db,
      request.storeId,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
  }),
});

export const productRead = endpointRead(catalog.product, {
  shows: (params) => [`product:${params.handle}`],
  read: async (request, { params, query }) =>
    getProduct(
      request.server.db,
      request.storeId,
      params.handle,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
});

export const collectionRead = endpointRead(catalog.collection, {
  shows: () => ["catalog"],
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
