import {
  AdminCollectionListSchema,
  AdminProductDetailSchema,
  AdminProductImageSchema,
  AdminProductListSchema,
  AdminProductQuerySchema,
  CollectionProductsUpdateSchema,
  CurrencySchema,
  catalogEndpoints as catalog,
  PRODUCT_EDIT_LIMITS,
  PRODUCT_EDIT_MESSAGES,
  ProductInputSchema,
  ProductUpdateSchema,
  VariantUpdateSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createProduct, updateProduct } from "../../flows/save-product.ts";
import { adminActor, priceListOf } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { endpointRead } from "../../plugins/endpoint.ts";
import {
  acceptImageUploads,
  IMAGE_UPLOAD_BODY_LIMIT,
  uploadedImage,
} from "../../plugins/image-upload.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import {
  listAdminCollections,
  listAdminProducts,
  setCollectionProducts,
  setProductPublished,
  updateVariant,
} from "./admin-catalog.ts";
import { readProductDetail } from "./product-detail.ts";
import { addProductImage, removeProductImage } from "./product-images.ts";
import { getCollection, getProduct, listProducts } from "./service.ts";

// Each read's URL and schemas are its descriptor's (packages/domain/src/endpoints/catalog.ts).

export const productsRead = endpointRead(catalog.products, {
  shows: () => ["catalog"],
  read: async (request, { query }) => ({
    products: await listProducts(
      request.server.db,
      request.storeId,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
  }),
});

export const productRead = endpointRead(catalog.product, {
  shows: (params) => [`product:${params.handle}`],
  read: async (request, { params, query }) =>
    getProduct(
      request.server.db,
      request.storeId,
      params.handle,
      requestCurrency(request, query.currency),
      await priceListOf(request),
    ),
});

export const collectionRead = endpointRead(catalog.collection, {
  shows: () => ["catalog"],
  read: async (request, { params, query: { currency, ...order } }) =>
    getCollection(
      request.server.db,
      request.storeId,
      params.handle,
      requestCurrency(request, currency),
      order,
      await priceListOf(request),
    ),
});

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, productsRead);
  registerPageRead(app, productRead);
  registerPageRead(app, collectionRead);
};

const IdParams = z.object({ id: z.uuid({ error: "id must be a UUID" }) });

/** The store's admins manage the catalogue: products, prices, stock. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/products",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: the store's products, published or not, with each variant's stock and prices; searched by title, handle or SKU, or only those low in stock",
        querystring: AdminProductQuerySchema,
        response: { 200: AdminProductListSchema },
      },
    },
    async (request) => listAdminProducts(app.db, request.storeId, request.query),
  );

  app.patch(
    "/variants/:id",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: change a variant's prices and stock; the stock only if it is still what the admin saw (409 otherwise), audited",
        params: IdParams,
        body: VariantUpdateSchema,
        response: {
          200: z.object({
            sku: z.string(),
            stock: z.number().int(),
            prices: z.array(z.object({ currency: CurrencySchema, amount: z.number().int() })),
          }),
        },
      },
    },
    async (request) =>
      updateVariant(
        app.db,
        request.storeId,
        request.params.id,
        request.body,
        await adminActor(request),
      ),
  );

  app.patch(
    "/products/:id",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary: "Store admins: publish or hide a product, audited",
        params: IdParams,
        body: ProductUpdateSchema,
        response: { 200: z.object({ id: z.string(), published: z.boolean() }) },
      },
    },
    async (request) =>
      setProductPublished(
        app.db,
        request.storeId,
        request.params.id,
        request.body.published,
        await adminActor(request),
      ),
  );

  app.get(
    "/collections",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: each collection's products in their order, and every product of the store",
        response: { 200: AdminCollectionListSchema },
      },
    },
    async (request) => listAdminCollections(app.db, request.storeId),
  );

  app.put(
    "/collections/:id/products",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: replace a collection's products with these, in this order (the storefront shows it at once), audited",
        params: IdParams,
        body: CollectionProductsUpdateSchema,
        response: { 200: AdminCollectionListSchema.shape.collections.element },
      },
    },
    async (request) =>
      setCollectionProducts(
        app.db,
        request.storeId,
        request.params.id,
        request.body.productIds,
        await adminActor(request),
      ),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: one product as its editor shows it (text, tags, collections, variants, prices, plans, images)",
        params: IdParams,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) => readProductDetail(app.db, request.storeId, request.params.id),
  );

  app.post(
    "/products",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: create a product with its variants (SKU unique in the store, a price per currency, stock, shipped or not), plans and collections; unpublished unless asked; the description is sanitised; 409 for a handle or SKU in use. Audited.",
        body: ProductInputSchema,
        response: { 201: AdminProductDetailSchema },
      },
    },
    async (request, reply) => {
      const created = await createProduct(
        app.db,
        request.storeId,
        request.body,
        await adminActor(request),
      );
      reply.status(201);
      return created;
    },
  );

  app.put(
    "/products/:id",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: save the whole product; existing variants by id with the stock as the admin saw it (409 if it changed), new ones without, those left out removed unless subscribed; plans by code. The storefront shows it at once. Audited.",
        params: IdParams,
        body: ProductInputSchema,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) =>
      updateProduct(
        app.db,
        request.storeId,
        request.params.id,
        request.body,
        await adminActor(request),
      ),
  );

  acceptImageUploads(app);

  app.post(
    "/products/:id/images",
    {
      bodyLimit: IMAGE_UPLOAD_BODY_LIMIT,
      schema: {
        tags: ["catalog", "admin"],
        summary:
          "Store admins: add an image to a product: the body is a JPEG, PNG or WebP of at most 10 MB and 400 px a side at least, with its alt text in ?alt=. Kept as sent; the storefront's sizes are made from it. Audited.",
        params: IdParams,
        querystring: z.strictObject({
          alt: z
            .string({ error: PRODUCT_EDIT_MESSAGES.alt })
            .trim()
            .max(PRODUCT_EDIT_LIMITS.alt, PRODUCT_EDIT_MESSAGES.alt)
            .default(""),
        }),
        response: { 201: AdminProductImageSchema },
      },
    },
    async (request, reply) => {
      const image = await addProductImage(
        { db: app.db, media: app.media, log: request.log },
        request.storeId,
        request.params.id,
        { ...uploadedImage(request), alt: request.query.alt },
        await adminActor(request),
      );
      reply.status(201);
      return image;
    },
  );

  app.delete(
    "/products/:id/images/:imageId",
    {
      schema: {
        tags: ["catalog", "admin"],
        summary: "Store admins: remove an image from a product. Audited.",
        params: z.object({
          id: z.uuid({ error: "id must be a UUID" }),
          imageId: z.uuid({ error: "imageId must be a UUID" }),
        }),
      },
    },
    async (request, reply) => {
      await removeProductImage(
        { db: app.db, media: app.media, log: request.log },
        request.storeId,
        request.params.id,
        request.params.imageId,
        await adminActor(request),
      );
      reply.status(204);
    },
  );
};
