import { useState } from "react";
import * as api from "~/lib/api";
import { usePlatformAction } from "./use-platform-action";

/** The operator's sign-in: email and password; the page then reads the platform again. */
export function PlatformSignIn() {
  const { busy, run, outcome } = usePlatformAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="auth-form platform-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => api.platform.signIn({ email, password }), "Signed in.");
      }}
    >
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Sign in
      </button>
      {outcome}
    </form>
  );
}
