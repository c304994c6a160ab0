import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getStoreInfo } from "./service.ts";

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/store",
    { schema: { tags: ["stores"], summary: "Store information, theme and global content" } },
    async (request) => {
      const origin = new URL(`${request.protocol}://${request.host}`);
      return getStoreInfo(app.db, request.storeId, origin);
    },
  );
};
