import type { z } from "zod";

// The API's typed contract (see docs/decisions/211-wire-names.md for the names on the wire). An
// endpoint is one value: its route (method and path) and its schemas. The server registers its
// route from it (apps/server/src/plugins/endpoint.ts) and the web calls it through one client
// (apps/web/app/lib/api.ts), so a path and its answer's type cannot drift apart.
//
// Each group of endpoints is two files: `endpoints/<group>-routes.ts`, the routes alone (no zod,
// what the browser bundles), and `endpoints/<group>.ts`, the descriptors made from them with their
// schemas (what the server reads, and the web only as types).

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Where an endpoint answers, as one string: its method, a space, its path in Fastify's pattern
 * (`:name` is a path parameter). POST, PUT and PATCH send a body; GET and DELETE never do.
 * @example "PATCH /api/cart/items/:sku"
 */
export type Route = `${Method} /${string}`;

/** A route's method and path, as a descriptor has them. */
type RouteParts<R extends Route> = R extends `${infer M extends Method} ${infer P}`
  ? { readonly method: M; readonly path: P }
  : never;

/**
 * A route's method and path.
 * @example routeParts("PATCH /api/cart/items/:sku") // { method: "PATCH", path: "/api/cart/items/:sku" }
 */
export function routeParts<R extends Route>(route: R): RouteParts<R>;
export function routeParts(route: Route): { method: Method; path: string } {
  const space = route.indexOf(" ");
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) };
}

type Schema = z.ZodType;

/** What an endpoint reads and answers, and how the OpenAPI document lists it. */
export interface EndpointSchemas {
  readonly tags: string[];
  readonly summary: string;
  readonly params?: Schema;
  readonly query?: Schema;
  /** Headers the call must send (checkout's Idempotency-Key), as Fastify's `headers`. */
  readonly headers?: Schema;
  readonly body?: Schema;
  /**
   * The body is the request's raw bytes (an image upload), sent as a Blob with its own type, not
   * JSON; it has no body schema.
   */
  readonly upload?: true;
  /**
   * The answer's schema under each status it is sent with, as Fastify's `response`: a 204's is
   * null (the beacons'); `{}` for an endpoint whose route declares no answer schema (an image's
   * removal). A call of either answers null.
   */
  readonly response: { readonly [S in 200 | 201 | 202 | 204]?: Schema };
}

/** An endpoint's descriptor: its method, its path and its schemas. */
export type Endpoint = { readonly method: Method; readonly path: `/${string}` } & EndpointSchemas;

/** A GET or a DELETE sends no body, so it has no body schema. */
type BodyFits<R extends Route, S> = S extends { body: Schema }
  ? R extends `${"GET" | "DELETE"} ${string}`
    ? never
    : S
  : S;

/**
 * An endpoint: its route (from the group's routes file) and its schemas.
 * @example endpoint(CART_ROUTES.clear, { tags: ["cart"], summary: "Empty the cart", response: { 200: CartViewSchema } })
 */
export function endpoint<const R extends Route, S extends EndpointSchemas>(
  route: R,
  schemas: BodyFits<R, S>,
): RouteParts<R> & S {
  return { ...routeParts(route), ...(schemas as S) };
}

type Input<S> = S extends Schema ? z.input<S> : never;
type Output<S> = S extends Schema ? z.output<S> : never;

/** What an endpoint answers when it succeeds (null when it answers no body). */
export type Answer<E extends Endpoint> = [keyof E["response"]] extends [never]
  ? null
  : Output<E["response"][keyof E["response"]]>;

/** The body an endpoint's call sends. */
export type Body<E extends Endpoint> = Input<E["body"]>;

/**
 * Sends one call (the browser's fetch, or a page loader's in-process read) and answers the
 * answer's JSON, or throws.
 */
export type Send = (
  method: Method,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<unknown>;

/** An upload's body: a browser's Blob or File (the domain has no DOM types, so its shape). */
export interface UploadBody {
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Whether every property of T is optional (a call may then leave T out). */
type AllOptional<T> = Partial<T> extends T ? true : false;

type ParamsPart<E> = E extends { params: Schema } ? { params: Input<E["params"]> } : unknown;
type QueryPart<E> = E extends { query: Schema }
  ? AllOptional<Input<E["query"]>> extends true
    ? { query?: Input<E["query"]> }
    : { query: Input<E["query"]> }
  : unknown;
/** A GET may be sent another way than the default (a page loader's in-process read). */
type ViaPart<E> = E extends { method: "GET" } ? { via?: Send } : unknown;

/** Where a call goes besides its route: path parameters, query, extra headers. */
export type Where<E extends Endpoint> = ParamsPart<E> &
  QueryPart<E> &
  ViaPart<E> & { headers?: Record<string, string> };

type WhereArgs<E extends Endpoint> =
  AllOptional<Where<E>> extends true ? [where?: Where<E>] : [where: Where<E>];

/**
 * An endpoint as a function: a POST, PUT or PATCH takes its body first (undefined when it has no
 * body schema), then where it goes.
 */
export type Call<E extends Endpoint> = E["method"] extends "GET" | "DELETE"
  ? (...where: WhereArgs<E>) => Promise<Answer<E>>
  : E extends { body: Schema }
    ? (body: Body<E>, ...where: WhereArgs<E>) => Promise<Answer<E>>
    : E extends { upload: true }
      ? (body: UploadBody, ...where: WhereArgs<E>) => Promise<Answer<E>>
      : (body?: undefined, ...where: WhereArgs<E>) => Promise<Answer<E>>;

/** A call's path parameters and query, as urlOf reads them. */
export interface CallAddress {
  params?: object | undefined;
  query?: object | undefined;
}

/**
 * The URL of a call to `path`: each `:name` (and a trailing `*`, Fastify's wildcard, whose
 * parameter is named "*") filled with its escaped parameter, then the query's set values. A comma stays a comma: the API's lists are comma-separated (?skus_selected=A,B),
 * and a query needs no escape for it.
 * @example urlOf("/api/cart/items/:sku", { params: { sku: "A B" }, query: { skus_selected: "X,Y" } }) // "/api/cart/items/A%20B?skus_selected=X,Y"
 */
export function urlOf(path: string, { params = {}, query = {} }: CallAddress = {}): string {
  const values = params as Record<string, unknown>;
  let url = path.replace(/:(\w+)|\*/g, (_, name = "*") => encodeURIComponent(`${values[name]}`));
  for (const [key, value] of Object.entries(query)) {
    if (value == null) continue;
    url += `${url.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(`${value}`).replace(/%2C/g, ",")}`;
  }
  return url;
}
