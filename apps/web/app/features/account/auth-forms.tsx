import type { SignedInAnswer } from "@storefront/domain";
import { type FormEvent, useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import { useCartStore } from "~/features/cart";
import { useFormFields } from "~/lib/use-form-fields";
import {
  fetchSignedInUser,
  loginFailure,
  register,
  registerFailure,
  requestPasswordReset,
  resetRequestFailure,
  signIn,
} from "./account-api";
import { useAccountStore } from "./account-store";
import { useStoreId } from "./use-account";

/** After a sign-in or registration: remember the user, fetch the merged cart, report leftovers. */
function useSignedIn() {
  const setUser = useAccountStore((s) => s.setUser);
  const loadCart = useCartStore((s) => s.load);
  return async (answer: SignedInAnswer | null) => {
    // The status call answers the user in the shape the screens read (section 7).
    setUser(await fetchSignedInUser());
    await loadCart();
    // Lines of the guest cart that could not join the account's cart are reported, not dropped.
    const notMerged = answer?.cartMerge?.notMerged ?? [];
    useCartStore.setState({ notMerged, drawerOpen: notMerged.length > 0 });
  };
}

/**
 * Sends a sign-in or a registration: busy while it runs, the failure's text when it fails, else
 * the account is signed in and `onDone` runs.
 */
function useAuthSubmit(
  send: () => Promise<SignedInAnswer | null>,
  failureText: (failure: unknown) => string,
  onDone: () => void,
) {
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    let answer: SignedInAnswer | null;
    try {
      answer = await send();
    } catch (failure) {
      setBusy(false);
      setError(failureText(failure));
      return;
    }
    setBusy(false);
    setError(null);
    await signedIn(answer);
    onDone();
  }
  return { error, busy, submit };
}

export function SignInForm({ onDone }: { onDone(): void }) {
  const storeId = useStoreId();
  const form = useFormFields({ email: "", password: "" });
  const { error, busy, submit } = useAuthSubmit(
    () => signIn(form.values, storeId),
    loginFailure,
    onDone,
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

export function RegisterForm({ onDone }: { onDone(): void }) {
  const storeId = useStoreId();
  const form = useFormFields({
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    birthday: "",
  });
  const { error, busy, submit } = useAuthSubmit(
    () => register(form.values, storeId),
    registerFailure,
    onDone,
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
