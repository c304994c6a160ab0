import type { CommonPasswordCheck } from "../account-schema.ts";
import { endpoint } from "../endpoint.ts";
import {
  NewStoreSchema,
  OperatorSchema,
  OperatorSignInSchema,
  operatorPasswordSchema,
  PlatformStoreChangeSchema,
  PlatformStoreListSchema,
  PlatformStoreParamsSchema,
  PlatformStoreSchema,
  StoreLogoSchema,
} from "../new-store.ts";
import * as PLATFORM_ROUTES from "./platform-routes.ts";

const tags = ["platform"];

/**
 * The platform's endpoints, an operator's new password judged by `isCommon` (the server passes
 * the common-password list, as for accountsEndpointsOf).
 */
export function platformEndpointsOf(isCommon?: CommonPasswordCheck) {
  return {
    setPassword: endpoint(PLATFORM_ROUTES.setPassword, {
      tags,
      summary:
        "An operator chooses the password with the token of the link `npm run platform:operator` printed (24 hours, once), and is signed in",
      body: operatorPasswordSchema(isCommon),
      response: { 200: OperatorSchema },
    }),
    signIn: endpoint(PLATFORM_ROUTES.signIn, {
      tags,
      summary: "An operator signs in (rate limited per IP and per email, like a store's sign-in)",
      body: OperatorSignInSchema,
      response: { 200: OperatorSchema },
    }),
    session: endpoint(PLATFORM_ROUTES.session, {
      tags,
      summary: "The signed-in operator, or 401",
      response: { 200: OperatorSchema },
    }),
    /** Answers 204, no body. */
    signOut: endpoint(PLATFORM_ROUTES.signOut, {
      tags,
      summary: "An operator signs out",
      response: {},
    }),
    stores: endpoint(PLATFORM_ROUTES.stores, {
      tags,
      summary: "Every store with its hosts, owner, Stripe account and whether it is disabled",
      response: { 200: PlatformStoreListSchema },
    }),
    openStore: endpoint(PLATFORM_ROUTES.openStore, {
      tags,
      summary:
        "Open a store: it answers at its hosts at once, and its owner is mailed a link (7 days, once) to choose the admin password. 409 for an id or a host in use.",
      body: NewStoreSchema,
      response: { 201: PlatformStoreSchema },
    }),
    uploadLogo: endpoint(PLATFORM_ROUTES.uploadLogo, {
      tags,
      summary:
        "Upload a store's logo: the body is a JPEG, PNG or WebP of at most 10 MB, 120 × 40 px at least; its header and mail show it at once",
      params: PlatformStoreParamsSchema,
      upload: true,
      response: { 200: StoreLogoSchema },
    }),
    changeStore: endpoint(PLATFORM_ROUTES.changeStore, {
      tags,
      summary:
        "Disable a store (its hosts answer 404, nothing is deleted) or enable it; connect or remove its Stripe account (acct_…, one store per account)",
      params: PlatformStoreParamsSchema,
      body: PlatformStoreChangeSchema,
      response: { 200: PlatformStoreSchema },
    }),
  };
}

/**
 * The platform's endpoints, for its operators (registered by modules/platform/routes.ts, from
 * platformEndpointsOf with the common-password list).
 */
export const platformEndpoints = platformEndpointsOf();
