import type { Route } from "../endpoint.ts";

/**
 * Whether the visitor is signed in (the schemas are in session.ts): every page asks it, so it is
 * a group apart from the accounts' forms (accounts-routes.ts), which a page's first load does
 * not carry.
 */
export const SESSION_ROUTES = {
  status: "GET /v2/auth/status",
} as const satisfies Record<string, Route>;
