import { randomBytes } from "node:crypto";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * The header a page's own in-process calls to the API carry (web.ts), with a value made at start
 * and never sent out, so no client can pass for one.
 */
export const PAGE_CALL_HEADER = "x-storefront-page-call";
export const PAGE_CALL_SECRET = randomBytes(24).toString("base64url");

function isPageCall(request: FastifyRequest): boolean {
  return request.headers[PAGE_CALL_HEADER] === PAGE_CALL_SECRET;
}

/**
 * One log line per request, written when it completes: method, path (query values redacted),
 * status and time. Fastify's default writes an 'incoming request' line too, and a page's own API
 * calls wrote two each: twelve lines for a product page. A page's own calls log only when they
 * fail.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const details = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...details, err: error }, "request errored");
    else if (!isPageCall(request)) reply.log.info(details, "request completed");
  }
}
