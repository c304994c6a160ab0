import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Field } from "~/components/form-field";
import { AUTH_MESSAGES, resetFailureDetail, resetPassword, useStoreId } from "~/features/account";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders } from "~/lib/seo";
import { useFormFields } from "~/lib/use-form-fields";
import type { Route } from "./+types/account-reset-password";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Choose a new password", { token: true });
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const storeId = useStoreId();
  const form = useFormFields({ newPassword: "", confirmPassword: "" });
  const { newPassword: password, confirmPassword: confirm } = form.values;
  const [error, setError] = useState<{ title: string; detail: string | null } | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div className="container narrow-page">
        <h1 className="page-title">Your password is changed</h1>
        <p role="status">You can now sign in with your new password.</p>
        <Link className="button" to="/account/sign-in?next=/account">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="container narrow-page">
      <h1 className="page-title">Choose a new password</h1>
      {token ? null : (
        <p className="inline-error" role="alert">
          This page needs the link from your reset email.
        </p>
      )}
      <form
        className="auth-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (password !== confirm) {
            setError({ title: "The two passwords do not match.", detail: null });
            return;
          }
          try {
            await resetPassword(password, token, storeId);
          } catch (failure) {
            setError({ title: AUTH_MESSAGES.resetFailed, detail: resetFailureDetail(failure) });
            return;
          }
          setDone(true);
        }}
      >
        <Field
          label="New password (at least 8 characters)"
          type="password"
          autoComplete="new-password"
          minLength={8}
          {...form.bind("newPassword")}
        />
        <Field
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          {...form.bind("confirmPassword")}
        />
        {error ? (
          <div role="alert">
            <p className="inline-error">{error.title}</p>
            {error.detail ? <p className="inline-error">{error.detail}</p> : null}
          </div>
        ) : null}
        <button type="submit" className="button" disabled={!token}>
          Change password
        </button>
      </form>
    </div>
  );
}
