/** The API as the browser calls it: same origin, cookies sent, JSON both ways. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** One call, answered with its status (0 when the network failed) and JSON body, if any. */
export async function callApi(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    const res = await fetch(path, {
      method,
      credentials: "same-origin",
      // A body-less request sends no JSON content type (the server refuses an empty JSON body).
      headers: {
        ...(body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body: json };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * The message an error answer carries, for a person: a field's own message when the input was
 * refused ("Password must be at least 8 characters"), else `error.message`, else `error` text.
 */
export function errorText(body: Record<string, unknown> | null): string | null {
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

/** Calls the API and answers its JSON, or throws an ApiError with the API's message. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await callApi(method, path, body);
  if (res.status === 0) {
    throw new ApiError(0, "We couldn't reach the store. Check your connection and try again.");
  }
  if (res.status < 200 || res.status > 299) {
    throw new ApiError(
      res.status,
      errorText(res.body) ?? "Something went wrong. Please try again.",
    );
  }
  return res.body as T;
}
