import type { ErrorBody, Send } from "@storefront/domain";
import { type AppLoadContext, data } from "react-router";
import { type ApiBody, ApiError } from "./api-client";
import "./context.ts";

/**
 * A loader's way to make a GET of `~/lib/api` (its `via`): in-process, with the page's request
 * (context.api); an answer that is not a success throws an ApiError, as in the browser.
 * @example await api.cart.get({ via: inProcess(context) })
 */
export function inProcess(context: AppLoadContext): Send {
  return async (_method, path) => {
    const res = await context.api(path);
    if (res.status >= 200 && res.status <= 299) return res.body;
    const body = typeof res.body === "object" ? (res.body as ApiBody) : null;
    throw new ApiError(res.status, body);
  };
}

/**
 * A loader's way to make a GET of `~/lib/api` that its page cannot do without (its `via`):
 * in-process, as inProcess; a 404 (or a malformed handle's 400) becomes a 404 page, any other
 * failure an error page with the API's message, else `failed`.
 * @example const product = await api.catalog.product({ params: { handle }, via: forPage(context) })
 */
export function forPage(context: AppLoadContext, failed?: string): Send {
  return async (_method, path) => answerOf(await context.api(path), failed);
}

/**
 * A loader's GET (made `via` inProcess) whose refused input its page explains: its answer, or,
 * when the API refused it (a 400) and `explained`, the API's message; any other failure is as
 * forPage's (a 404 page, an error page with the API's message).
 * @example const found = await answerOrRefusal(api.search.search({ query, via: inProcess(context) }))
 */
export async function answerOrRefusal<T>(
  call: Promise<T>,
  explained = true,
): Promise<{ answer: T } | { refused: string }> {
  try {
    return { answer: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && explained) {
      return { refused: refusalMessage(error) ?? "" };
    }
    return answerOf<never>(error);
  }
}

/**
 * The API's own message of a refusal (its answer's `error.message`), for a loader that shows it;
 * null when it said none.
 */
export function refusalMessage(error: ApiError): string | null {
  const refusal = error.body?.error;
  return refusal &&
    typeof refusal === "object" &&
    "message" in refusal &&
    typeof refusal.message === "string"
    ? refusal.message
    : null;
}

/** The call's answer, or null when the API answered with an error (anything else still throws). */
export function unlessRefused<T>(call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiError) return null;
    throw error;
  });
}

/**
 * An API answer as a page needs it: its body, or an error page with the API's message, else
 * `failed`. A 404 is a 404 page; an answer that is not JSON (none of the API's should be) is an
 * error page too, never a crash.
 */
function answerOf<T>(res: { status: number; body: unknown }, failed = "Request failed"): T {
  if (res.status === 200 && res.body !== null) return res.body as T;
  const message = (res.body as ErrorBody | null)?.error?.message ?? failed;
  // A malformed handle or page name in a URL is a page that does not exist.
  const status = res.status === 400 ? 404 : res.status;
  throw data({ message }, { status });
}
