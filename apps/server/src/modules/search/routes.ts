import {
  SearchReportQuerySchema,
  SearchReportSchema,
  searchEndpoints as searches,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { priceListOf } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { endpointRead } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { searchReport } from "./report.ts";
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

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search-queries",
    {
      schema: {
        tags: ["search"],
        summary:
          "Store admins: the most searched queries of the last days, and the queries that found nothing",
        querystring: SearchReportQuerySchema,
        response: { 200: SearchReportSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return searchReport(app.db, request.storeId, request.query.days, new Date());
    },
  );
};
