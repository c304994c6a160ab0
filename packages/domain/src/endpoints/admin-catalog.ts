import { z } from "zod";
import {
  AdminCollectionListSchema,
  AdminProductListSchema,
  AdminProductPublishedSchema,
  AdminProductQuerySchema,
  AdminVariantSavedSchema,
  CollectionProductsUpdateSchema,
  ProductUpdateSchema,
  VariantUpdateSchema,
} from "../admin-catalog.ts";
import {
  AdminProductDetailSchema,
  AdminProductImageQuerySchema,
  AdminProductImageSchema,
  ProductInputSchema,
} from "../admin-product.ts";
import { endpoint } from "../endpoint.ts";
import * as R from "./admin-catalog-routes.ts";

const tags = ["catalog", "admin"];
const IdParams = z.object({ id: z.uuid({ error: "id must be a UUID" }) });

/** The store admins' catalogue (registered by modules/catalog/admin-routes.ts). */
export const adminCatalogEndpoints = {
  products: endpoint(R.products, {
    tags,
    summary:
      "Store admins: the store's products, published or not, with each variant's stock and prices; searched by title, handle or SKU, or only those low in stock",
    query: AdminProductQuerySchema,
    response: { 200: AdminProductListSchema },
  }),
  updateVariant: endpoint(R.updateVariant, {
    tags,
    summary:
      "Store admins: change a variant's prices and stock; the stock only if it is still what the admin saw (409 otherwise), audited",
    params: IdParams,
    body: VariantUpdateSchema,
    response: { 200: AdminVariantSavedSchema },
  }),
  setPublished: endpoint(R.setPublished, {
    tags,
    summary: "Store admins: publish or hide a product, audited",
    params: IdParams,
    body: ProductUpdateSchema,
    response: { 200: AdminProductPublishedSchema },
  }),
  collections: endpoint(R.collections, {
    tags,
    summary:
      "Store admins: each collection's products in their order, and every product of the store",
    response: { 200: AdminCollectionListSchema },
  }),
  setCollectionProducts: endpoint(R.setCollectionProducts, {
    tags,
    summary:
      "Store admins: replace a collection's products with these, in this order (the storefront shows it at once), audited",
    params: IdParams,
    body: CollectionProductsUpdateSchema,
    response: { 200: AdminCollectionListSchema.shape.collections.element },
  }),
  product: endpoint(R.product, {
    tags,
    summary:
      "Store admins: one product as its editor shows it (text, tags, collections, variants, prices, plans, images)",
    params: IdParams,
    response: { 200: AdminProductDetailSchema },
  }),
  createProduct: endpoint(R.createProduct, {
    tags,
    summary:
      "Store admins: create a product with its variants (SKU unique in the store, a price per currency, stock, shipped or not), plans and collections; unpublished unless asked; the description is sanitised; 409 for a handle or SKU in use. Audited.",
    body: ProductInputSchema,
    response: { 201: AdminProductDetailSchema },
  }),
  saveProduct: endpoint(R.saveProduct, {
    tags,
    summary:
      "Store admins: save the whole product; existing variants by id with the stock as the admin saw it (409 if it changed), new ones without, those left out removed unless subscribed; plans by code. The storefront shows it at once. Audited.",
    params: IdParams,
    body: ProductInputSchema,
    response: { 200: AdminProductDetailSchema },
  }),
  addImage: endpoint(R.addImage, {
    tags,
    summary:
      "Store admins: add an image to a product: the body is a JPEG, PNG or WebP of at most 10 MB and 400 px a side at least, with its alt text in ?alt=. Kept as sent; the storefront's sizes are made from it. Audited.",
    params: IdParams,
    query: AdminProductImageQuerySchema,
    upload: true,
    response: { 201: AdminProductImageSchema },
  }),
  removeImage: endpoint(R.removeImage, {
    tags,
    summary: "Store admins: remove an image from a product. Audited.",
    params: z.object({
      id: z.uuid({ error: "id must be a UUID" }),
      imageId: z.uuid({ error: "imageId must be a UUID" }),
    }),
    // A 204, no body.
    response: {},
  }),
};
