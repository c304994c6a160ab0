import { adminCatalogEndpoints as adminCatalog } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createProduct, updateProduct } from "../../flows/save-product.ts";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import {
  acceptImageUploads,
  IMAGE_UPLOAD_BODY_LIMIT,
  uploadedImage,
} from "../../plugins/image-upload.ts";
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

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The store's admins manage the catalogue: products, prices, stock. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, adminCatalog.products, async (request) =>
    listAdminProducts(app.db, request.storeId, request.query),
  );

  route(app, adminCatalog.updateVariant, async (request) =>
    updateVariant(
      app.db,
      request.storeId,
      request.params.id,
      request.body,
      await adminActor(request),
    ),
  );

  route(app, adminCatalog.setPublished, async (request) =>
    setProductPublished(
      app.db,
      request.storeId,
      request.params.id,
      request.body.published,
      await adminActor(request),
    ),
  );

  route(app, adminCatalog.collections, async (request) =>
    listAdminCollections(app.db, request.storeId),
  );

  route(app, adminCatalog.setCollectionProducts, async (request) =>
    setCollectionProducts(
      app.db,
      request.storeId,
      request.params.id,
      request.body.productIds,
      await adminActor(request),
    ),
  );

  route(app, adminCatalog.product, async (request) =>
    readProductDetail(app.db, request.storeId, request.params.id),
  );

  route(app, adminCatalog.createProduct, async (request, reply) => {
    const created = await createProduct(
      app.db,
      request.storeId,
      request.body,
      await adminActor(request),
    );
    reply.status(201);
    return created;
  });

  route(app, adminCatalog.saveProduct, async (request) =>
    updateProduct(
      app.db,
      request.storeId,
      request.params.id,
      request.body,
      await adminActor(request),
    ),
  );

  acceptImageUploads(app);

  route(
    app,
    adminCatalog.addImage,
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
    { bodyLimit: IMAGE_UPLOAD_BODY_LIMIT },
  );

  route(app, adminCatalog.removeImage, async (request, reply) => {
    await removeProductImage(
      { db: app.db, media: app.media, log: request.log },
      request.storeId,
      request.params.id,
      request.params.imageId,
      await adminActor(request),
    );
    reply.status(204);
  });
};
