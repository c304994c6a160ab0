import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CartOwner } from "../modules/cart/index.ts";
import { signedInUser } from "./auth.ts";
import { requestCurrency } from "./currency.ts";
import { visitorSessionId, withVisitorSession } from "./session.ts";

// One answer per request, however many handlers and helpers ask.
const owners = new WeakMap<FastifyRequest, Promise<CartOwner>>();

/**
 * Whose cart a request reads and changes: the request's store and the account's while signed in,
 * else the guest session's (null: the visitor has none yet); a new cart starts in the visitor's
 * currency.
 */
async function resolveCartOwner(request: FastifyRequest): Promise<CartOwner> {
  const user = await signedInUser(request);
  const where = { storeId: request.storeId, currency: requestCurrency(request) };
  if (user) return { ...where, userId: user.id, sessionId: null };
  return { ...where, userId: null, sessionId: visitorSessionId(request) };
}

/** `request.cartOwner()`: the request's cart owner, resolved on first call (see types.ts). */
export function registerCartOwner(app: FastifyInstance): void {
  app.decorateRequest("cartOwner", function cartOwner(this: FastifyRequest) {
    let owner = owners.get(this);
    if (!owner) {
      owner = resolveCartOwner(this);
      owners.set(this, owner);
    }
    return owner;
  });
}

/**
 * Runs a write that may open a cart: the account's when signed in; for a guest, the session's,
 * opening a session (cookie) when the write succeeds.
 */
export async function withCartOwner<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (owner: CartOwner) => Promise<T>,
): Promise<T> {
  const owner = await request.cartOwner();
  if (owner.userId !== null) return write(owner);
  return withVisitorSession(request, reply, (sessionId, newSession) =>
    write({ ...owner, sessionId, newSession }),
  );
}
