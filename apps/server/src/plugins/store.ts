import { ACCOUNT_MESSAGES, DomainError } from "@storefront/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { setScopeStore } from "../db/store-scope.ts";

/** Where the API's routes live; every other path is a page. */
export const API_PATH_PREFIXES = [
  "/api/",
  "/data/",
  "/metrics/",
  "/v2/",
  "/auth/",
  "/pbn/",
  "/reviews/",
];

export function isApiPath(url: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * API paths that belong to no store, whatever host they reach: Stripe's webhook (the event names
 * its account, and a disabled store's late payments must still complete) and the platform's own
 * API. A store that is disabled, or unknown, must not turn them away.
 */
const STORELESS_PREFIXES = ["/api/payments/stripe/webhook", "/api/platform/"];

/**
 * The request's store from its Host header, with what it sells in, resolved once; not_found
 * for a disabled store.
 */
export async function resolveRequestStore(request: FastifyRequest): Promise<string> {
  if (!request.storeId) {
    const found = await request.server.stores.lookup(request.hostname);
    request.storeId = found.storeId;
    setScopeStore(found.storeId);
    request.storeSale = found.sale;
  }
  return request.storeId;
}

/** Resolves the request's store from its Host header before any API, data or metrics route runs. */
export function registerStoreResolution(app: FastifyInstance): void {
  app.decorateRequest("storeId", "");
  app.decorateRequest("storeSale", null);
  app.addHook("onRequest", async (request) => {
    const url = request.url;
    if (isApiPath(url) && !STORELESS_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      await resolveRequestStore(request);
    }
  });
}

/**
 * A store_id sent with a call (the spec's clients send one) must be the store of the Host the
 * call reached; else 400 "store_id does not match this store". Absent, the Host decides.
 */
export function checkStoreId(request: FastifyRequest, storeId: string | undefined): void {
  if (storeId !== undefined && storeId !== request.storeId) {
    const message = ACCOUNT_MESSAGES.storeMismatch;
    throw new DomainError("invalid", message, { store_id: message });
  }
}
