import type { FastifyRequest } from "fastify";

/**
 * The origin the request came to. A Host that is not a valid host (`pets.localhost:99999`) gives
 * a placeholder that is no store's and no loopback's, so links made from it fall back to the
 * store's own domain instead of failing the request.
 */
export function requestOrigin(request: FastifyRequest): URL {
  try {
    return new URL(`${request.protocol}://${request.host}`);
  } catch {
    return new URL(`${request.protocol}://unknown.invalid`);
  }
}
