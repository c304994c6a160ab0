import { ApiError } from "~/lib/api-client";

/** What to tell the visitor when a recovery email's link (api.analytics) failed. */
export function linkFailure(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : "Something went wrong. Please try again.";
}
