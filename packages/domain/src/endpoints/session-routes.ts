import type { Route } from "../endpoint.ts";

// Whether the visitor is signed in (the schemas are in session.ts): every page asks it, so it is
// a group apart from the accounts' forms (accounts-routes.ts), which a page's first load does
// not carry.
// One export per route, read as the namespace SESSION_ROUTES: the browser bundles only the
// routes it calls.

export const status = "GET /v2/auth/status" satisfies Route;
