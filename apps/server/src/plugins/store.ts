import type { FastifyInstance } from "fastify";

const STORE_PATHS = ["/api/", "/data/", "/metrics/", "/v2/", "/auth/", "/pbn/"];

/** Resolves the request's store from its Host header before any API, data or metrics route runs. */
export function registerStoreResolution(app: FastifyInstance): void {
  app.decorateRequest("storeId", "");
  app.addHook("onRequest", async (request) => {
    if (STORE_PATHS.some((prefix) => request.url.startsWith(prefix))) {
      request.storeId = await app.stores.resolve(request.hostname);
    }
  });
}
