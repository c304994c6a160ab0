import { STORES_ROUTES as R, type storesEndpoints } from "@storefront/domain";
import { callOf } from "../api-client";

// The store: its information, theme and global content: see ../api.ts.

type E = typeof storesEndpoints;

export const info = /* @__PURE__ */ callOf<E["info"]>(R.info);
