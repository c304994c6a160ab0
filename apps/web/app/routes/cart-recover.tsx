import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { linkFailure } from "~/features/analytics";
import { useCartStore } from "~/features/cart";
import * as api from "~/lib/api";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders } from "~/lib/seo";
import type { Route } from "./+types/cart-recover";

// The page changes one visitor's cart.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Your saved cart", { token: true });
}

/**
 * The link of a cart reminder. The cart is put back when the visitor asks (a click, not on load:
 * a mail scanner that opens links must not spend the link), then the cart page shows it.
 */
export default function CartRecoverPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">Your saved cart</h1>
      {token ? (
        <p>Put the cart you left back in this browser, as it was, and carry on from there.</p>
      ) : (
        <p className="inline-error" role="alert">
          This page needs the link from your cart reminder.
        </p>
      )}
      <form
        className="auth-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          try {
            await api.analytics.recoverCart({ token });
          } catch (failure) {
            setBusy(false);
            setError(linkFailure(failure));
            return;
          }
          await useCartStore.getState().load();
          await navigate("/cart");
        }}
      >
        {error ? (
          <p className="inline-error" role="alert">
            {error} <Link to="/cart">See your cart</Link>
          </p>
        ) : null}
        <button type="submit" className="button" disabled={!token || busy}>
          {busy ? "Restoring…" : "Restore my cart"}
        </button>
      </form>
    </div>
  );
}
