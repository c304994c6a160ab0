import { z } from "zod";
import { HandleSchema, ProductListSchema, ProductSchema } from "../catalog-schema.ts";
import { CollectionQuerySchema, CollectionViewSchema } from "../collection-schema.ts";
import { endpoint } from "../endpoint.ts";
import { CurrencySchema } from "../money-schema.ts";
import * as CATALOG_ROUTES from "./catalog-routes.ts";

/** Without ?currency= the visitor's currency applies (cookie, then country, then USD). */
const CurrencyQuerySchema = z.strictObject({ currency: CurrencySchema.optional() });

/** A product's or a collection's handle in the path. */
const HandleParamsSchema = z.object({ handle: HandleSchema });

/** The catalogue's public endpoints (registered by modules/catalog/routes.ts). */
export const catalogEndpoints = {
  products: endpoint(CATALOG_ROUTES.products, {
    tags: ["catalog"],
    summary: "Published products",
    query: CurrencyQuerySchema,
    response: { 200: ProductListSchema },
  }),
  product: endpoint(CATALOG_ROUTES.product, {
    tags: ["catalog"],
    summary: "One product with its variants, priced in the currency",
    params: HandleParamsSchema,
    query: CurrencyQuerySchema,
    response: { 200: ProductSchema },
  }),
  collection: endpoint(CATALOG_ROUTES.collection, {
    tags: ["catalog"],
    summary: "One collection with its products, sorted (sort) and filtered by tag (pet, condition)",
    params: HandleParamsSchema,
    query: CurrencyQuerySchema.extend(CollectionQuerySchema.shape),
    response: { 200: CollectionViewSchema },
  }),
};
