import type { Route } from "../endpoint.ts";

// The platform's own API, for its operators on PLATFORM_HOST (the schemas are in platform.ts).
// One export per route, read as the namespace PLATFORM_ROUTES: the browser bundles only the
// routes it calls.

export const setPassword = "POST /api/platform/password" satisfies Route;
export const signIn = "POST /api/platform/session" satisfies Route;
export const session = "GET /api/platform/session" satisfies Route;
export const signOut = "DELETE /api/platform/session" satisfies Route;
export const stores = "GET /api/platform/stores" satisfies Route;
export const openStore = "POST /api/platform/stores" satisfies Route;
export const uploadLogo = "POST /api/platform/stores/:id/logo" satisfies Route;
export const changeStore = "PATCH /api/platform/stores/:id" satisfies Route;
