// What other features tell the visit's record. Each waits for the visit's tracker (it starts after
// a new visit's first page has settled) for up to 10 s, and does nothing when nothing is recorded.
// features/search keeps its own copy of `whenRecording`: sharing this module would make it a
// chunk of its own, named in the first load (which has no bytes to spare).
import { visitTracker } from "./analytics";

type VisitTracker = NonNullable<ReturnType<typeof visitTracker>>;

function whenRecording(record: (tracker: VisitTracker) => void, tries = 20): void {
  const tracker = visitTracker();
  if (tracker) record(tracker);
  // No window: the page is gone (a test's document torn down while a retry waited).
  else if (tries > 0 && typeof window !== "undefined")
    window.setTimeout(() => whenRecording(record, tries - 1), 500);
}

/** The email a visitor typed (checkout), for the visit's record. */
export function noteEmail(email: string): void {
  whenRecording((tracker) => tracker.noteEmail(email));
}
