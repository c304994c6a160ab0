import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return [
    { title: "Choose your platform password" },
    { name: "robots", content: "noindex" },
    // The token is in the URL: never send it to another site in a Referer header.
    { name: "referrer", content: "no-referrer" },
  ];
}

/** The link `npm run platform:operator` prints: the operator chooses a password, once. */
export default function PlatformSetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">Choose your platform password</h1>
      <form
        className="auth-form platform-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await api.platform.setPassword({ token, password });
            await navigate("/platform");
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label>
          New password (at least 8 characters)
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Save and sign in
        </button>
        <ErrorAlert className="inline-error" message={error} />
      </form>
    </div>
  );
}
