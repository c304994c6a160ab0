import { useEffect, useRef } from "react";

/**
 * Opens a <dialog> as a modal while `isOpen` and closes it otherwise; the browser then traps and
 * restores focus and closes it on Escape (the dialog's onClose must report that back).
 */
export function useModalDialog(isOpen: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return ref;
}
