import type { Route } from "../endpoint.ts";

// The garden design request form's route, as the spec names it (the schemas are in design-requests.ts).
// One export per route, read as the namespace DESIGN_REQUESTS_ROUTES: the browser bundles only the
// routes it calls.

export const submit = "POST /pbn/layouts" satisfies Route;
