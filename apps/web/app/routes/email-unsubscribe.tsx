import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { linkFailure } from "~/features/analytics";
import * as api from "~/lib/api";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders } from "~/lib/seo";
import type { Route } from "./+types/email-unsubscribe";

export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Cart reminders", { token: true });
}

/** The unsubscribe link of a cart reminder: a click stops them for that address. */
export default function EmailUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">Cart reminders</h1>
      {done ? (
        <p role="status">
          {done} <Link to="/">Back to the store</Link>
        </p>
      ) : (
        <form
          className="auth-form"
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            try {
              setDone((await api.analytics.unsubscribe({ token })).message);
            } catch (failure) {
              setError(linkFailure(failure));
            }
            setBusy(false);
          }}
        >
          <p>Stop the emails that remind you of a cart you left in this store.</p>
          <ErrorAlert className="inline-error" message={error} />
          <button type="submit" className="button" disabled={!token || busy}>
            Stop cart reminders
          </button>
        </form>
      )}
    </div>
  );
}
