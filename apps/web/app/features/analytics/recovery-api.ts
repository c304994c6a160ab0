import type { CartView } from "@storefront/domain";
import { ApiError, apiRequest } from "~/lib/api-client";

/** POST /api/cart/recover: the recovery email's cart becomes this browser's. */
export function recoverCart(token: string): Promise<CartView> {
  return apiRequest<CartView>("POST", "/api/cart/recover", { token });
}

/** POST /api/email/unsubscribe: answers the store's confirmation. */
export async function unsubscribeEmail(token: string): Promise<string> {
  const answer = await apiRequest<{ message: string }>("POST", "/api/email/unsubscribe", {
    token,
  });
  return answer.message;
}

/** What to tell the visitor when either call failed. */
export function linkFailure(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : "Something went wrong. Please try again.";
}
