import { useModalDialog } from "~/components/use-modal-dialog";
import { type AccountView, useAccountStore } from "./account-store";
import { ForgotPasswordForm, RegisterForm, SignInForm } from "./auth-forms";

const TITLES: Record<AccountView, string> = {
  "sign-in": "Sign in",
  register: "Create an account",
  forgot: "Reset your password",
};

/** The account modal overlay: sign in, create an account, or ask for a reset link. */
export function AccountModal() {
  const { isOpen, view, close, setView } = useAccountStore();
  const ref = useModalDialog(isOpen);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; keyboard users have Escape and the close button.
    <dialog
      ref={ref}
      className="account-modal"
      aria-labelledby="account-modal-title"
      onClose={close}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      {/* The forms exist only while the modal is open: nothing hidden to render on every page. */}
      {isOpen ? (
        <div className="account-modal-panel">
          <button
            type="button"
            className="icon-button quick-view-close"
            aria-label="Close"
            onClick={close}
          >
            ×
          </button>
          <h2 id="account-modal-title">{TITLES[view]}</h2>
          {view === "sign-in" ? <SignInForm onDone={close} /> : null}
          {view === "register" ? <RegisterForm onDone={close} /> : null}
          {view === "forgot" ? <ForgotPasswordForm /> : null}
          <p className="auth-switch">
            {view !== "sign-in" ? (
              <button type="button" className="link-button" onClick={() => setView("sign-in")}>
                I have an account: sign in
              </button>
            ) : (
              <>
                <button type="button" className="link-button" onClick={() => setView("register")}>
                  Create an account
                </button>
                {" · "}
                <button type="button" className="link-button" onClick={() => setView("forgot")}>
                  Forgot your password?
                </button>
              </>
            )}
          </p>
        </div>
      ) : null}
    </dialog>
  );
}
