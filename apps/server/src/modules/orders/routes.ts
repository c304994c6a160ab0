import { ordersEndpoints as orders } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
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
