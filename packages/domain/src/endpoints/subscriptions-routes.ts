import type { Route } from "../endpoint.ts";

// The signed-in shopper's subscriptions (the schemas are in subscriptions.ts).
// One export per route, read as the namespace SUBSCRIPTIONS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/account/subscriptions" satisfies Route;
export const change = "PATCH /api/account/subscriptions/:id" satisfies Route;
export const replaceCard = "POST /api/account/subscriptions/:id/card" satisfies Route;
