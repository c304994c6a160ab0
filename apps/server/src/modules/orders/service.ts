// Kept so that imports of the old path still resolve; the code lives in order-lifecycle.ts,
// order-reads.ts, expired-holds.ts and payments/apply-event.ts.
export { releaseExpiredHolds } from "./expired-holds.ts";
