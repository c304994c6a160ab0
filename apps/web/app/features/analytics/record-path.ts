import { ANALYTICS_LIMITS } from "@storefront/domain";

/** The query parameters a recorded page keeps: campaigns and a collection's choices. */
const RECORDED_PARAMS = /^(utm_(source|medium|campaign|term|content)|sort|pet|condition|page)$/;

/**
 * A page as the visit records it: its path and only the query parameters above, so a link's
 * secret (a reset or recovery token, an order's key) is never recorded.
 * @example recordablePath("/account/reset-password", "?token=abc") // "/account/reset-password"
 */
export function recordablePath(pathname: string, search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (RECORDED_PARAMS.test(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${pathname}${query ? `?${query}` : ""}`.slice(0, ANALYTICS_LIMITS.text);
}
