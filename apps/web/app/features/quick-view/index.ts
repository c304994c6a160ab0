export { QuickViewDialog } from "./quick-view-dialog";
export { useQuickView } from "./quick-view-store";
