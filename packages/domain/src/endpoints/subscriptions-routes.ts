import type { Route } from "../endpoint.ts";

/** The signed-in shopper's subscriptions (the schemas are in subscriptions.ts). */
export const SUBSCRIPTIONS_ROUTES = {
  list: "GET /api/account/subscriptions",
  change: "PATCH /api/account/subscriptions/:id",
  replaceCard: "POST /api/account/subscriptions/:id/card",
} as const satisfies Record<string, Route>;
