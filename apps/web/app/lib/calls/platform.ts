import { type platformEndpoints, PLATFORM_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The platform's operators: their session and the stores: see ../api.ts.

type E = typeof platformEndpoints;

export const setPassword = /* @__PURE__ */ callOf<E["setPassword"]>(R.setPassword);
export const signIn = /* @__PURE__ */ callOf<E["signIn"]>(R.signIn);
export const session = /* @__PURE__ */ callOf<E["session"]>(R.session);
export const signOut = /* @__PURE__ */ callOf<E["signOut"]>(R.signOut);
export const stores = /* @__PURE__ */ callOf<E["stores"]>(R.stores);
export const openStore = /* @__PURE__ */ callOf<E["openStore"]>(R.openStore);
export const uploadLogo = /* @__PURE__ */ callOf<E["uploadLogo"]>(R.uploadLogo);
export const changeStore = /* @__PURE__ */ callOf<E["changeStore"]>(R.changeStore);
