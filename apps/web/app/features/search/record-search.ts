import { visitTracker } from "~/features/analytics";

type VisitTracker = NonNullable<ReturnType<typeof visitTracker>>;

/**
 * Hands the visit's tracker to `record` once it has started (it starts after a new visit's first
 * page has settled), trying for 10 s; nothing happens when the visit is not recorded.
 */
export function whenRecording(record: (tracker: VisitTracker) => void, tries = 20): void {
  const tracker = visitTracker();
  if (tracker) record(tracker);
  // No window: the page is gone (a test's document torn down while a retry waited).
  else if (tries > 0 && typeof window !== "undefined")
    window.setTimeout(() => whenRecording(record, tries - 1), 500);
}
