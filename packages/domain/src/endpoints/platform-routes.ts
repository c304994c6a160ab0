import type { Route } from "../endpoint.ts";

/**
 * The platform's own API, for its operators on PLATFORM_HOST (the schemas are in platform.ts).
 */
export const PLATFORM_ROUTES = {
  setPassword: "POST /api/platform/password",
  signIn: "POST /api/platform/session",
  session: "GET /api/platform/session",
  signOut: "DELETE /api/platform/session",
  stores: "GET /api/platform/stores",
  openStore: "POST /api/platform/stores",
  uploadLogo: "POST /api/platform/stores/:id/logo",
  changeStore: "PATCH /api/platform/stores/:id",
} as const satisfies Record<string, Route>;
