import { adminDiscountsEndpoints as adminDiscounts } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import {
  createDiscount,
  expireDiscount,
  listAdminDiscounts,
  readAdminDiscount,
  updateDiscount,
} from "./admin-discounts.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The store's admins create, edit and expire codes and see who used them. */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, adminDiscounts.list, async (request) =>
    listAdminDiscounts(app.db, request.storeId, request.query),
  );

  route(app, adminDiscounts.create, async (request, reply) => {
    const created = await createDiscount(
      app.db,
      request.storeId,
      request.body,
      await adminActor(request),
    );
    reply.status(201);
    return created;
  });

  route(app, adminDiscounts.discount, async (request) =>
    readAdminDiscount(app.db, request.storeId, request.params.id),
  );

  route(app, adminDiscounts.update, async (request) =>
    updateDiscount(
      app.db,
      request.storeId,
      request.params.id,
      request.body,
      await adminActor(request),
    ),
  );

  route(app, adminDiscounts.expire, async (request) =>
    expireDiscount(app.db, request.storeId, request.params.id, await adminActor(request)),
  );
};
