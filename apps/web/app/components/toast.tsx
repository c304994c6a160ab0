/** A short notice in the top-end corner that closes itself. */
export interface ToastMessage {
  /** A new id shows a new toast (and restarts its timer) even with the same text. */
  id: number;
  tone: "success" | "error";
  title: string;
  text: string;
}

export const TOAST_DURATION_MS = 4000;

/**
 * Where toasts appear: top-end, over the page. Both live regions are always in the page, so a
 * screen reader announces a toast as it arrives: politely for a success, at once for an error.
 * The timer bar's animation is the timer: the toast closes when the bar has run out, and the
 * bar (with it the timer) pauses while the pointer is over the toast or focus is in it.
 */
export function ToastRegion({
  toast,
  onClose,
  durationMs = TOAST_DURATION_MS,
}: {
  toast: ToastMessage | null;
  onClose(): void;
  durationMs?: number;
}) {
  const content = (tone: ToastMessage["tone"]) =>
    toast?.tone === tone ? (
      <div key={toast.id} className="toast" data-tone={toast.tone}>
        <div className="toast-body">
          <p className="toast-title">{toast.title}</p>
          <p className="toast-text">{toast.text}</p>
        </div>
        <button
          type="button"
          className="toast-close"
          aria-label="Close notification"
          onClick={onClose}
        >
          ×
        </button>
        <div
          className="toast-timer"
          aria-hidden="true"
          style={{ animationDuration: `${durationMs}ms` }}
          onAnimationEnd={onClose}
        />
      </div>
    ) : null;
  return (
    <div className="toast-region">
      <div role="status">{content("success")}</div>
      <div role="alert">{content("error")}</div>
    </div>
  );
}
