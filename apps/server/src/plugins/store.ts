import type { FastifyInstance } from "fastify";

/** Resolves the request's store from its Host header before any API or data route runs. */
export function registerStoreResolution(app: FastifyInstance): void {
  app.decorateRequest("storeId", "");
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/") || request.url.startsWith("/data/")) {
      request.storeId = await app.stores.resolve(request.hostname);
    }
  });
}
