import { AdminOrderQuerySchema, adminOrdersEndpoints as orders } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cancelUnpaidOrder } from "../../flows/cancel-order.ts";
import { refundOrder } from "../../flows/refund-order.ts";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { adminOrdersCsv, adminOrderView, listAdminOrders, shipOrder } from "./admin-orders.ts";

// Every JSON route's method, path and schemas are its descriptor's (packages/domain/src/endpoints);
// the CSV download answers text, not JSON, and keeps its own schema.

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, orders.list, async (request) =>
    listAdminOrders(app.db, request.storeId, request.query),
  );

  app.get(
    "/orders.csv",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: the orders that match the same filters and search, newest first, as CSV (sort and page are ignored)",
        querystring: AdminOrderQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { sort: _sort, dir: _dir, page: _page, perPage: _perPage, ...filters } = request.query;
      const csv = await adminOrdersCsv(app.db, request.storeId, filters);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="orders-${request.storeId}-${day}.csv"`,
        );
      return csv;
    },
  );

  route(app, orders.order, async (request) =>
    adminOrderView(app.db, request.storeId, request.params.number),
  );

  route(app, orders.refund, async (request) =>
    refundOrder(
      { db: app.db, payments: app.payments },
      request.storeId,
      request.params.number,
      await adminActor(request),
      request.headers["idempotency-key"],
      request.body,
    ),
  );

  route(app, orders.ship, async (request) =>
    shipOrder(
      { db: app.db, mailer: app.mailer },
      request.storeId,
      request.params.number,
      await adminActor(request),
      request.body,
      requestOrigin(request),
    ),
  );

  route(app, orders.cancel, async (request) =>
    cancelUnpaidOrder(
      { db: app.db, payments: app.payments },
      request.storeId,
      request.params.number,
      await adminActor(request),
    ),
  );
};
