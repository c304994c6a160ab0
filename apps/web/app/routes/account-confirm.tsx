import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  confirmFailure,
  confirmRegistration,
  takeReturnAfterConfirm,
  useSignedIn,
  useStoreId,
} from "~/features/account";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders } from "~/lib/seo";
import type { Route } from "./+types/account-confirm";

// The page signs one visitor in.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Confirm your email", { token: true });
}

/**
 * The link of a registration's confirmation mail. The account is created when the visitor
 * confirms here (a click, not on load: a mail scanner that opens links must not spend it), which
 * signs in and goes to the account page, or back to the checkout it was made from.
 */
export default function ConfirmRegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const storeId = useStoreId();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">Confirm your email</h1>
      {token ? (
        <p>One step left: confirm your email to create your account and sign in.</p>
      ) : (
        <p className="inline-error" role="alert">
          This page needs the link from your confirmation email.
        </p>
      )}
      <form
        className="auth-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          let answer: Awaited<ReturnType<typeof confirmRegistration>>;
          try {
            answer = await confirmRegistration(token, storeId);
          } catch (failure) {
            setBusy(false);
            setError(confirmFailure(failure));
            return;
          }
          await signedIn(answer);
          // Back to the checkout the account was made for, when it was made in this browser.
          navigate(takeReturnAfterConfirm() ?? "/account", { replace: true });
        }}
      >
        {error ? (
          <div role="alert">
            <p className="inline-error">{error}</p>
            <p>
              <Link to="/account/sign-in?next=/account">Sign in</Link>
              {" · "}
              <Link to="/account/sign-in?view=register">Create an account</Link>
            </p>
          </div>
        ) : null}
        <button type="submit" className="button" disabled={!token || busy}>
          {busy ? "Confirming…" : "Confirm and sign in"}
        </button>
      </form>
    </div>
  );
}
