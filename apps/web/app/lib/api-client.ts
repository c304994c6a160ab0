import {
  type Call,
  type CallAddress,
  type Endpoint,
  type Method,
  type Send,
  urlOf,
} from "@storefront/domain";

/** The API as the browser calls it: same origin, cookies sent, JSON both ways. */

/** The answer's JSON object, if it had one. */
export type ApiBody = Record<string, unknown> | null;

const NETWORK_MESSAGE = "We couldn't reach the store. Check your connection and try again.";
const FAILED_MESSAGE = "Something went wrong. Please try again.";

/**
 * A call that did not succeed: `status` 0 when the network failed, else the answer's status, with
 * the answer's parsed `body` and its own text (`serverMessage`, null when it said none) for
 * callers whose messages depend on them (sign-in's 401, the card's 402, refused fields).
 */
export class ApiError extends Error {
  readonly serverMessage: string | null;

  constructor(
    readonly status: number,
    readonly body: ApiBody = null,
  ) {
    const serverMessage = errorText(body);
    super(status === 0 ? NETWORK_MESSAGE : (serverMessage ?? FAILED_MESSAGE));
    this.name = "ApiError";
    this.serverMessage = serverMessage;
  }
}

/**
 * The message an error answer carries, for a person: a field's own message when the input was
 * refused ("Password must be at least 8 characters"), else `error.message`, else `error` text.
 */
function errorText(body: ApiBody): string | null {
  const error = body?.error;
  if (typeof error === "string") return error;
  if (!error || typeof error !== "object") return null;
  const { fields, message } = error as { fields?: unknown; message?: unknown };
  const first =
    fields && typeof fields === "object"
      ? Object.values(fields).find((v) => typeof v === "string")
      : undefined;
  if (typeof first === "string") return first;
  return typeof message === "string" ? message : null;
}

/**
 * Calls the API and answers its JSON; any other outcome throws an ApiError (status 0 when the
 * network failed), whose message is the API's own or a general one.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  let res: Response;
  try {
    // A file (an image upload) goes as it is, with its own type; anything else as JSON.
    const file = body instanceof Blob ? body : null;
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      // A body-less request sends no JSON content type (the server refuses an empty JSON body).
      headers: {
        ...(body === undefined
          ? {}
          : {
              "content-type": file ? file.type || "application/octet-stream" : "application/json",
            }),
        accept: "application/json",
        ...extraHeaders,
      },
      body: body === undefined ? undefined : (file ?? JSON.stringify(body)),
    });
  } catch {
    throw new ApiError(0);
  }
  // An answer that is not JSON reads as null.
  const json: ApiBody = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json);
  return json as T;
}

/** Where a call goes, as callOf reads it (Where of packages/domain/src/endpoint.ts). */
type AnyWhere = CallAddress & { headers?: Record<string, string>; via?: Send };

/**
 * An endpoint as a call (lib/calls/ makes one per endpoint): it sends its body (a POST, PUT or
 * PATCH takes it first) to its URL through apiRequest, or `where.via`, and answers what the
 * endpoint's answer schema types: the schema the server serialised the answer with.
 * @example export const clear = callOf<typeof cartEndpoints.clear>(CART_ROUTES.clear);
 */
export function callOf<E extends Endpoint>(route: `${E["method"]} ${E["path"]}`): Call<E> {
  const [method, path] = route.split(" ") as [Method, string];
  // POST, PUT and PATCH: the only methods that start with a P, and the ones with a body.
  const sends = method[0] === "P";
  const call = (...args: unknown[]) => {
    const where = args[sends ? 1 : 0] as AnyWhere | undefined;
    return (where?.via ?? apiRequest)(
      method,
      urlOf(path, where),
      sends ? args[0] : undefined,
      where?.headers,
    );
  };
  // The call sends what its route and schemas say: Call<E> is its type.
  return call as unknown as Call<E>;
}
