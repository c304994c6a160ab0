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
  if (
    error &&
    typeof error === "object" &&
    "fields" in error &&
    error.fields &&
    typeof error.fields === "object"
  ) {
    const first = Object.values(error.fields as Record<string, unknown>).find(
      (v) => typeof v === "string",
    );
    if (typeof first === "string") return first;
  }
  if (typeof error === "string") return error;
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string"
  ) {
    return error.message;
  }
  return null;
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
          ? { accept: "application/json" }
          : {
              "content-type": file ? file.type || "application/octet-stream" : "application/json",
              accept: "application/json",
            }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : (file ?? JSON.stringify(body)),
    });
  } catch {
    throw new ApiError(0);
  }
  let json: ApiBody;
  try {
    json = (await res.json()) as ApiBody;
  } catch {
    json = null;
  }
  if (res.status < 200 || res.status > 299) throw new ApiError(res.status, json);
  return json as T;
}
