import { z } from "zod";
import {
  AdminDiscountListSchema,
  AdminDiscountQuerySchema,
  AdminDiscountSchema,
  AdminDiscountViewSchema,
  DiscountCreateSchema,
  DiscountTermsSchema,
} from "../admin-discounts.ts";
import { endpoint } from "../endpoint.ts";
import * as R from "./admin-discounts-routes.ts";

const tags = ["discounts", "admin"];
const IdParams = z.object({ id: z.uuid({ error: "id must be a UUID" }) });

/** The store admins' discount codes (registered by modules/discounts/routes.ts). */
export const adminDiscountsEndpoints = {
  list: endpoint(R.list, {
    tags,
    summary:
      "Store admins: the store's discount codes, newest first, searched by code and filtered by state (active, expired, used_up, inactive)",
    query: AdminDiscountQuerySchema,
    response: { 200: AdminDiscountListSchema },
  }),
  create: endpoint(R.create, {
    tags,
    summary:
      "Store admins: create a discount code (a percentage off, optionally capped, or a fixed amount per currency), audited",
    body: DiscountCreateSchema,
    response: { 201: AdminDiscountSchema },
  }),
  discount: endpoint(R.discount, {
    tags,
    summary:
      "Store admins: a discount code with its latest orders and its paid orders' count, discount and revenue per currency",
    params: IdParams,
    response: { 200: AdminDiscountViewSchema },
  }),
  update: endpoint(R.update, {
    tags,
    summary:
      "Store admins: replace a discount code's terms (the limit never below its redemptions), audited; carts holding it get the new terms",
    params: IdParams,
    body: DiscountTermsSchema,
    response: { 200: AdminDiscountSchema },
  }),
  expire: endpoint(R.expire, {
    tags,
    summary:
      "Store admins: end a discount code now (shoppers are refused it; carts holding it lose it), audited",
    params: IdParams,
    response: { 200: AdminDiscountSchema },
  }),
};
