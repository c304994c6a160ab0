import type { Endpoint } from "@storefront/domain";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { z } from "zod";
import type { PageRead } from "./page-reads.ts";

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to `E`, its params, query and body as its schemas validated them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E["params"]>;
  Querystring: Parsed<E["query"]>;
  Headers: Parsed<E["headers"]>;
  Body: Parsed<E["body"]>;
}>;

/** What a handler of `E` answers: what its answer's schema serialises; nothing for no schema. */
type Reply<E extends Endpoint> = [keyof E["response"]] extends [never]
  ? // biome-ignore lint/suspicious/noConfusingVoidType: the handler of a 204 returns nothing.
    void
  : E["response"][keyof E["response"]] extends infer S
    ? S extends z.ZodType
      ? z.input<S>
      : never
    : never;

/**
 * Fastify's schema of an endpoint: its own schema objects, in the order the routes wrote them
 * before (so validation, serialisation and the OpenAPI document are as they were).
 */
function schemaOf(endpoint: Endpoint) {
  return {
    tags: endpoint.tags,
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    // An endpoint that answers no body (a 204) has no response schema, as its route had none.
    ...(Object.keys(endpoint.response).length > 0 ? { response: endpoint.response } : {}),
  };
}

/** What a route takes besides its descriptor: a body limit, hooks, its config. */
export type RouteExtras = Omit<RouteShorthandOptions, "schema">;

/**
 * Registers the route of a descriptor of packages/domain/src/endpoints: its method, path and
 * schemas are the descriptor's, and `handler` gets the request its schemas typed. Inside a
 * prefixed scope (the one /api/admin scope) the descriptor's full path is registered under the
 * prefix, so the descriptor still names the path a client calls.
 * @example route(app, cartEndpoints.clear, async (request) => clearCart(app.db, await request.cartOwner()))
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Reply<E>>,
  extras: RouteExtras = {},
): void {
  const { prefix } = app;
  if (!endpoint.path.startsWith(prefix)) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is registered outside its scope ${prefix}`,
    );
  }
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path.slice(prefix.length),
    schema: schemaOf(endpoint),
    // The request is the one the schema above validated: its types are the handler's.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * A page read (plugins/page-reads.ts) of a GET descriptor: its URL and schemas are the
 * descriptor's; `read` and `shows` are PageRead's.
 * @example endpointRead(cartEndpoints.get, { read: async (request) => getCart(request.server.db, await request.cartOwner()) })
 */
export function endpointRead<E extends Endpoint & { method: "GET"; response: { 200: z.ZodType } }>(
  endpoint: E,
  how: {
    read(
      request: FastifyRequest,
      input: { params: Parsed<E["params"]>; query: Parsed<E["query"]> },
    ): Promise<Reply<E>>;
    shows?(params: Parsed<E["params"]>): string[];
  },
): PageRead {
  return {
    url: endpoint.path,
    tags: endpoint.tags,
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    response: endpoint.response[200],
    ...how,
  };
}
