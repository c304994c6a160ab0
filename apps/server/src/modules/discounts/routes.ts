import {
  AdminDiscountListSchema,
  AdminDiscountQuerySchema,
  AdminDiscountSchema,
  AdminDiscountViewSchema,
  DiscountCreateSchema,
  DiscountTermsSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../plugins/auth.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import {
  createDiscount,
  expireDiscount,
  listAdminDiscounts,
  readAdminDiscount,
  updateDiscount,
} from "./admin-discounts.ts";

const IdParams = z.object({ id: z.uuid({ error: "id must be a UUID" }) });

/** The store's admins create, edit and expire codes and see who used them. */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/discounts",
    {
      schema: {
        tags: ["discounts", "admin"],
        summary:
          "Store admins: the store's discount codes, newest first, searched by code and filtered by state (active, expired, used_up, inactive)",
        querystring: AdminDiscountQuerySchema,
        response: { 200: AdminDiscountListSchema },
      },
    },
    async (request) => listAdminDiscounts(app.db, request.storeId, request.query),
  );

  app.post(
    "/discounts",
    {
      schema: {
        tags: ["discounts", "admin"],
        summary:
          "Store admins: create a discount code (a percentage off, optionally capped, or a fixed amount per currency), audited",
        body: DiscountCreateSchema,
        response: { 201: AdminDiscountSchema },
      },
    },
    async (request, reply) => {
      const created = await createDiscount(
        app.db,
        request.storeId,
        request.body,
        await adminActor(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/discounts/:id",
    {
      schema: {
        tags: ["discounts", "admin"],
        summary:
          "Store admins: a discount code with its latest orders and its paid orders' count, discount and revenue per currency",
        params: IdParams,
        response: { 200: AdminDiscountViewSchema },
      },
    },
    async (request) => readAdminDiscount(app.db, request.storeId, request.params.id),
  );

  app.put(
    "/discounts/:id",
    {
      schema: {
        tags: ["discounts", "admin"],
        summary:
          "Store admins: replace a discount code's terms (the limit never below its redemptions), audited; carts holding it get the new terms",
        params: IdParams,
        body: DiscountTermsSchema,
        response: { 200: AdminDiscountSchema },
      },
    },
    async (request) =>
      updateDiscount(
        app.db,
        request.storeId,
        request.params.id,
        request.body,
        await adminActor(request),
      ),
  );

  app.post(
    "/discounts/:id/expire",
    {
      schema: {
        tags: ["discounts", "admin"],
        summary:
          "Store admins: end a discount code now (shoppers are refused it; carts holding it lose it), audited",
        params: IdParams,
        response: { 200: AdminDiscountSchema },
      },
    },
    async (request) =>
      expireDiscount(app.db, request.storeId, request.params.id, await adminActor(request)),
  );
};
