import type { AccountView } from "./account-store";
import { ForgotPasswordForm, RegisterForm, RegistrationSent, SignInForm } from "./auth-forms";

export const AUTH_TITLES: Record<AccountView, string> = {
  "sign-in": "Sign in",
  register: "Create an account",
  registered: "Check your email",
  forgot: "Reset your password",
};

/**
 * Sign in, create an account (then wait for its mail) or ask for a reset link, with the links
 * between them; the account modal and the sign-in page show the same panel. `onDone` runs once
 * signed in.
 */
export function AuthPanel({
  view,
  onViewChange,
  onDone,
}: {
  view: AccountView;
  onViewChange(view: AccountView): void;
  onDone(): void;
}) {
  return (
    <>
      {view === "sign-in" ? <SignInForm onDone={onDone} /> : null}
      {view === "register" ? <RegisterForm onSent={() => onViewChange("registered")} /> : null}
      {view === "registered" ? <RegistrationSent onRetry={() => onViewChange("register")} /> : null}
      {view === "forgot" ? <ForgotPasswordForm /> : null}
      <p className="auth-switch">
        {view !== "sign-in" ? (
          <button type="button" className="link-button" onClick={() => onViewChange("sign-in")}>
            {view === "registered" ? "Back to sign in" : "I have an account: sign in"}
          </button>
        ) : (
          <>
            <button type="button" className="link-button" onClick={() => onViewChange("register")}>
              Create an account
            </button>
            {" · "}
            <button type="button" className="link-button" onClick={() => onViewChange("forgot")}>
              Forgot your password?
            </button>
          </>
        )}
      </p>
    </>
  );
}
