import { ACCOUNTS_ROUTES, type accountsEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** Sign-in, registration, sign-out, password reset and the signed-in account. */
export const accounts = /* @__PURE__ */ clientOf<typeof accountsEndpoints>(ACCOUNTS_ROUTES);
