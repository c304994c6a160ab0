import type { SignedInAnswer } from "@storefront/domain";
import { useState } from "react";
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

export function SignInForm({ onDone }: { onDone(): void }) {
  const storeId = useStoreId();
  const signedIn = useSignedIn();
  const form = useFormFields({ email: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        let answer: SignedInAnswer | null;
        try {
          answer = await signIn(form.values, storeId);
        } catch (failure) {
          setBusy(false);
          setError(loginFailure(failure));
          return;
        }
        setBusy(false);
        setError(null);
        await signedIn(answer);
        onDone();
      }}
    >
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
  const signedIn = useSignedIn();
  const form = useFormFields({
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    birthday: "",
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        let answer: SignedInAnswer | null;
        try {
          answer = await register(form.values, storeId);
        } catch (failure) {
          setBusy(false);
          setError(registerFailure(failure));
          return;
        }
        setBusy(false);
        setError(null);
        await signedIn(answer);
        onDone();
      }}
    >
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
