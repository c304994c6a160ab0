import type { CartMerge } from "@storefront/domain";
import { useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import { useCartStore } from "~/features/cart";
import { callApi, errorText } from "~/lib/api-client";
import { type AccountUser, AUTH_MESSAGES, loginFailure } from "./account-api";
import { useAccountStore } from "./account-store";
import { useStoreId } from "./use-account";

/** After a sign-in or registration: remember the user, fetch the merged cart, report leftovers. */
function useSignedIn() {
  const setUser = useAccountStore((s) => s.setUser);
  const loadCart = useCartStore((s) => s.load);
  return async (body: Record<string, unknown> | null) => {
    // The status call answers the user in the shape the screens read (section 7).
    const status = await callApi("GET", "/v2/auth/status");
    setUser((status.body?.user as AccountUser | null | undefined) ?? null);
    await loadCart();
    // Lines of the guest cart that could not join the account's cart are reported, not dropped.
    const notMerged = (body?.cartMerge as CartMerge | undefined)?.notMerged ?? [];
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
        const res = await callApi("POST", "/v2/auth/login", { email, password, store_id: storeId });
        setBusy(false);
        if (res.status !== 200) {
          setError(loginFailure(res.status, res.body));
          return;
        }
        setError(null);
        await signedIn(res.body);
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
        const { birthday, ...rest } = form;
        const res = await callApi("POST", "/v2/auth/register", {
          ...rest,
          ...(birthday ? { birthday } : {}),
          store_id: storeId,
        });
        setBusy(false);
        if (res.status !== 201 && res.status !== 200) {
          setError(
            res.status >= 500 || res.status === 0
              ? AUTH_MESSAGES.login500
              : (errorText(res.body) ?? "Registration failed"),
          );
          return;
        }
        setError(null);
        await signedIn(res.body);
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
        const res = await callApi("POST", "/auth/request_password_reset", {
          email,
          store_id: storeId,
        });
        setBusy(false);
        if (res.status === 429) {
          setError(AUTH_MESSAGES.tooMany);
          setInfo(null);
        } else if (res.status !== 200) {
          setError(AUTH_MESSAGES.resetRequestFailed);
          setInfo(null);
        } else {
          setError(null);
          setInfo(
            typeof res.body?.message === "string"
              ? res.body.message
              : "Check your email for a link.",
          );
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
