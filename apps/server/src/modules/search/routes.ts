import { searchEndpoints as searches } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { priceListOf } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { endpointRead } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { search } from "./service.ts";

export const searchRead = endpointRead(searches.search, {
  shows: () => ["catalog"],
  read: async (request, { query: { currency, ...query } }) =>
    search(request.server.db, request.storeId, {
      ...query,
      currency: requestCurrency(request, currency),
      priceList: await priceListOf(request),
    }),
});

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, searchRead, (_request, reply) => {
    // Results follow the catalogue; a shopper's repeated keystrokes may reuse them briefly, but
    // not across a sign-in or out (a trade account's prices differ; its answers are no-store).
    reply.header("cache-control", "private, max-age=10");
    reply.header("vary", "Cookie");
  });
};
