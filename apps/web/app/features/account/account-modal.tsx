import { DialogClose, ModalDialog } from "~/components/modal-dialog";
import { useAccountStore } from "./account-store";
import { AUTH_TITLES, AuthPanel } from "./auth-panel";

/** The account modal overlay: sign in, create an account, or ask for a reset link. */
export function AccountModal() {
  const { isOpen, view, close, setView } = useAccountStore();
  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={close}
      labelledBy="account-modal-title"
      className="account-modal"
    >
      <div className="account-modal-panel">
        <DialogClose onClick={close} />
        <h2 id="account-modal-title">{AUTH_TITLES[view]}</h2>
        <AuthPanel view={view} onViewChange={setView} onDone={close} />
      </div>
    </ModalDialog>
  );
}

// The lazy import's (index.ts): the module's default is the component.
export default AccountModal;
