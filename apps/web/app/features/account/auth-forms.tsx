import type { SignedInAnswer } from "@storefront/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import { useCartStore } from "~/features/cart";
import { useFormFields } from "~/lib/use-form-fields";
import {
  loginFailure,
  register,
  registerFailure,
  requestPasswordReset,
  resetRequestFailure,
  signIn,
} from "./account-api";
import { useAccountStore } from "./account-store";
import { fetchSignedInUser } from "./auth-status";
import { useStoreId } from "./use-account";

/** The form of an email the server compares: trimmed and lower-cased. */
function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * After a sign-in or an opened confirmation link: remember the user, fetch the merged cart,
 * report leftovers.
 */
export function useSignedIn() {
  const setUser = useAccountStore((s) => s.setUser);
  const setRegistration = useAccountStore((s) => s.setRegistration);
  const loadCart = useCartStore((s) => s.load);
  return async (answer: SignedInAnswer | null) => {
    setRegistration(null);
    // The status call answers the user in the shape the screens read (section 7).
    setUser(await fetchSignedInUser());
    await loadCart();
    // Lines of the guest cart that could not join the account's cart are reported, not dropped.
    const notMerged = answer?.cartMerge?.notMerged ?? [];
    useCartStore.setState({ notMerged, drawerOpen: notMerged.length > 0 });
  };
}

/**
 * Sends a form: busy while it runs, the failure's text when it fails, else `onSent` with the
 * answer.
 */
function useSubmit<T>(
  send: () => Promise<T>,
  failureText: (failure: unknown) => string,
  onSent: (answer: T) => void | Promise<void>,
) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    let answer: T;
    try {
      answer = await send();
    } catch (failure) {
      setBusy(false);
      setError(failureText(failure));
      return;
    }
    setBusy(false);
    setError(null);
    await onSent(answer);
  }
  return { error, busy, submit };
}

export function SignInForm({ onDone }: { onDone(): void }) {
  const storeId = useStoreId();
  const form = useFormFields({ email: "", password: "" });
  const registeredEmail = useAccountStore((s) => s.registration?.email);
  const signedIn = useSignedIn();
  const { error, busy, submit } = useSubmit(
    () => signIn(form.values, storeId),
    (failure) => loginFailure(failure, normalEmail(form.values.email) === registeredEmail),
    async (answer) => {
      await signedIn(answer);
      onDone();
    },
  );
  return (
    <form className="auth-form" onSubmit={submit}>
      <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.bind("password")}
      />
      <FormMessage error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

/** Sends a registration; `onSent` runs once the server has accepted it (the mail is on its way). */
export function RegisterForm({ onSent }: { onSent(): void }) {
  const storeId = useStoreId();
  const setRegistration = useAccountStore((s) => s.setRegistration);
  const form = useFormFields({
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    birthday: "",
  });
  const { error, busy, submit } = useSubmit(
    () => register(form.values, storeId),
    registerFailure,
    (message) => {
      setRegistration({ email: normalEmail(form.values.email), message });
      onSent();
    },
  );
  return (
    <form className="auth-form" onSubmit={submit}>
      <Field label="First name" autoComplete="given-name" {...form.bind("first_name")} />
      <Field label="Last name" autoComplete="family-name" {...form.bind("last_name")} />
      <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
      <Field
        label="Password (at least 8 characters)"
        type="password"
        autoComplete="new-password"
        minLength={8}
        {...form.bind("password")}
      />
      <Field
        label="Birthday"
        type="date"
        autoComplete="bday"
        required={false}
        {...form.bind("birthday")}
      />
      <FormMessage error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}

/**
 * What a registration is waiting for: the link in the mail. Focused when shown, since the form
 * and its button have just gone.
 */
export function RegistrationSent({ onRetry }: { onRetry(): void }) {
  const registration = useAccountStore((s) => s.registration);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-form" ref={ref} tabIndex={-1}>
      <p className="form-info" role="status">
        {registration?.message}
      </p>
      {registration ? (
        <p>
          We sent it to <strong>{registration.email}</strong>. No email after a few minutes? Look in
          your spam folder, or{" "}
          <button type="button" className="link-button" onClick={onRetry}>
            send the form again
          </button>
          .
        </p>
      ) : null}
    </div>
  );
}

export function ForgotPasswordForm() {
  const storeId = useStoreId();
  const form = useFormFields({ email: "" });
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          const sent = await requestPasswordReset(form.values.email, storeId);
          setBusy(false);
          setError(null);
          setInfo(sent);
        } catch (failure) {
          setBusy(false);
          setError(resetRequestFailure(failure));
          setInfo(null);
        }
      }}
    >
      <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
      <FormMessage error={error} info={info} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : "Send reset link"}
      </button>
    </form>
  );
}
