import type { Route } from "../endpoint.ts";

/** The garden design request form's route, as the spec names it (the schemas are in design-requests.ts). */
export const DESIGN_REQUESTS_ROUTES = {
  submit: "POST /pbn/layouts",
} as const satisfies Record<string, Route>;
