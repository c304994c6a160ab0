import { lazy } from "react";

export { useQuickView } from "./quick-view-store";

/** The quick view, loaded when it first opens. */
export const LazyQuickViewDialog = lazy(() => import("./quick-view-dialog"));
