import { useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import { useCartStore } from "~/features/cart";
import {
  fetchSignedInUser,
  loginFailure,
  register,
  registerFailure,
  requestPasswordReset,
  resetRequestFailure,
  type SignInAnswer,
  signIn,
} from "./account-api";
import { useAccountStore } from "./account-store";
import { useStoreId } from "./use-account";

/** After a sign-in or registration: remember the user, fetch the merged cart, report leftovers. */
function useSignedIn() {
  const setUser = useAccountStore((s) => s.setUser);
  const loadCart = useCartStore((s) => s.load);
  return async (answer: SignInAnswer | null) => {
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
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        let answer: SignInAnswer | null;
        try {
          answer = await signIn({ email, password }, storeId);
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
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
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
  const [form, setForm] = useState({
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    birthday: "",
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [name]: value }));
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        let answer: SignInAnswer | null;
        try {
          answer = await register(form, storeId);
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
      <Field
        label="First name"
        name="first_name"
        autoComplete="given-name"
        value={form.first_name}
        onChange={field("first_name")}
      />
      <Field
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        value={form.last_name}
        onChange={field("last_name")}
      />
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={form.email}
        onChange={field("email")}
      />
      <Field
        label="Password (at least 8 characters)"
        type="password"
        name="password"
        autoComplete="new-password"
        minLength={8}
        value={form.password}
        onChange={field("password")}
      />
      <Field
        label="Birthday"
        type="date"
        name="birthday"
        autoComplete="bday"
        required={false}
        value={form.birthday}
        onChange={field("birthday")}
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
  const [email, setEmail] = useState("");
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
          const sent = await requestPasswordReset(email, storeId);
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
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <FormMessage error={error} info={info} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : "Send reset link"}
      </button>
    </form>
  );
}
