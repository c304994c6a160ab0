import {
  AdminOrderListSchema,
  AdminOrderQuerySchema,
  AdminOrderViewSchema,
  IdempotencyKeySchema,
  OrderParamsSchema,
  ordersEndpoints as orders,
  RefundRequestSchema,
  ShipmentRequestSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cancelUnpaidOrder } from "../../flows/cancel-order.ts";
import { refundOrder } from "../../flows/refund-order.ts";
import { adminActor, requireUser, signedInUser } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { adminOrdersCsv, adminOrderView, listAdminOrders, shipOrder } from "./admin-orders.ts";
import { accountOrders, findReadableOrder } from "./order-reads.ts";

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  // Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).
  route(app, orders.order, async (request) => {
    const user = await signedInUser(request);
    return findReadableOrder(app.db, request.storeId, request.params.number, {
      userId: user?.id ?? null,
      key: request.query.key ?? null,
    });
  });

  route(app, orders.accountOrders, async (request) => {
    const user = await requireUser(request);
    return { orders: await accountOrders(app.db, request.storeId, user.id) };
  });
};

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/orders",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: the store's orders, filtered by status and date, searched by number, email or name, sorted and paged",
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderListSchema },
      },
    },
    async (request) => listAdminOrders(app.db, request.storeId, request.query),
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

  app.get(
    "/orders/:number",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: one of the store's orders with its lines, address, payment and events (404 for another store's)",
        params: OrderParamsSchema,
        response: { 200: AdminOrderViewSchema },
      },
    },
    async (request) => adminOrderView(app.db, request.storeId, request.params.number),
  );

  app.post(
    "/orders/:number/refunds",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: refund (part of) a paid order through its payment processor, optionally putting its items back in stock; the Idempotency-Key makes a repeated request the same refund",
        params: OrderParamsSchema,
        headers: z.object({ "idempotency-key": IdempotencyKeySchema }),
        body: RefundRequestSchema,
        response: { 200: AdminOrderViewSchema },
      },
    },
    async (request) => {
      return refundOrder(
        { db: app.db, payments: app.payments },
        request.storeId,
        request.params.number,
        await adminActor(request),
        request.headers["idempotency-key"],
        request.body,
      );
    },
  );

  app.post(
    "/orders/:number/shipment",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: mark a paid order shipped with its carrier and tracking number (or correct them); the buyer is mailed, and the order page and chatbot show it",
        params: OrderParamsSchema,
        body: ShipmentRequestSchema,
        response: { 200: AdminOrderViewSchema },
      },
    },
    async (request) => {
      return shipOrder(
        { db: app.db, mailer: app.mailer },
        request.storeId,
        request.params.number,
        await adminActor(request),
        request.body,
        requestOrigin(request),
      );
    },
  );

  app.post(
    "/orders/:number/cancel",
    {
      schema: {
        tags: ["orders", "admin"],
        summary:
          "Store admins: cancel an order still awaiting payment (its stock goes back; a payment that arrives later is refunded)",
        params: OrderParamsSchema,
        response: { 200: AdminOrderViewSchema },
      },
    },
    async (request) => {
      return cancelUnpaidOrder(
        { db: app.db, payments: app.payments },
        request.storeId,
        request.params.number,
        await adminActor(request),
      );
    },
  );
};
