import { type ReactNode, useEffect, useRef } from "react";

/** What opened each open dialog, so one opened from inside another can hand the focus on. */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/**
 * What a dialog opening now gives the focus back to: the focused element, or, when that is
 * inside another dialog (which closes as this one opens), what opened that one.
 */
function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const host = active.closest("dialog");
  return (host && openers.get(host)) || active;
}

/**
 * A modal <dialog>, open while `isOpen`: the browser traps and restores focus and closes it on
 * Escape (reported through `onClose`); a click on the backdrop closes it too. Opening focuses the
 * child marked `data-autofocus`, else the first focusable one. The children exist
 * only while it is open, so hidden panels are not rendered on every page.
 */
export function ModalDialog({
  isOpen,
  onClose,
  labelledBy,
  className,
  children,
  returnFocus,
}: {
  isOpen: boolean;
  onClose(): void;
  labelledBy: string;
  className: string;
  children: ReactNode;
  /** Where the focus goes on closing when the element that opened the dialog cannot take it. */
  returnFocus?: () => HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      opener.current = openerNow();
      if (opener.current) openers.set(dialog, opener.current);
      dialog.showModal();
      // The browser focuses the first focusable element; a child marked data-autofocus asks
      // for the focus instead (its own effect ran before the dialog was shown, to no effect).
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; keyboard users have Escape and the close button.
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={() => {
        onClose();
        // The browser gives the focus back to what had it, unless that cannot take it (a button
        // disabled while it worked, a popup closed meanwhile): then to `returnFocus`.
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (active && active !== document.body && !ref.current?.contains(active)) return;
          const back = opener.current;
          const usable =
            back?.isConnected && !(back as HTMLButtonElement).disabled && back.offsetParent;
          (usable ? back : returnFocus?.())?.focus();
        });
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {isOpen ? children : null}
    </dialog>
  );
}

/** A dialog's × button in its top corner, named Close. */
export function DialogClose({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button quick-view-close"
      aria-label="Close"
      onClick={onClick}
    >
      ×
    </button>
  );
}
