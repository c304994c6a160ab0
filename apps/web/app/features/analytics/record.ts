// What other features tell the visit's record (each does nothing while nothing is recorded).
import { visitTracker } from "./analytics";

/** A search on this store (spec section 4). */
export function recordSearch(query: string): void {
  visitTracker()?.search(query);
}

/** A result of the open search the visitor scrolled past or opened. */
export function recordSearchResult(handle: string, action: "scrolled" | "clicked"): void {
  visitTracker()?.searchResult(handle, action);
}

/** The email a visitor typed (checkout), for the visit's record. */
export function noteEmail(email: string): void {
  visitTracker()?.noteEmail(email);
}
