import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Every cookie the store sets: SameSite=Lax, the whole site, Secure whenever the visitor came over
 * https, and HttpOnly unless the page must read it (the currency choice).
 */
export function cookieOptions(
  request: FastifyRequest,
  { readableByPage = false, maxAgeS }: { readableByPage?: boolean; maxAgeS?: number } = {},
) {
  return {
    httpOnly: !readableByPage,
    sameSite: "lax" as const,
    path: "/",
    secure: request.protocol === "https",
    ...(maxAgeS === undefined ? {} : { maxAge: maxAgeS }),
  };
}

/** Removes a cookie set with `cookieOptions` (a no-op when the request did not carry it). */
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  if (request.cookies[name] === undefined) return;
  reply.clearCookie(name, cookieOptions(request));
}
