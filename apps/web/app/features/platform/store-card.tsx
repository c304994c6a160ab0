import type { PlatformStore } from "@storefront/domain";
import { useState } from "react";
import * as api from "~/lib/api";
import { usePlatformAction } from "./use-platform-action";

/** One store as the operator sees it: its facts, its Stripe account to connect, Disable/Enable. */
export function StoreCard({ store }: { store: PlatformStore }) {
  const { busy, run, outcome } = usePlatformAction();
  const [stripeId, setStripeId] = useState(store.stripeId ?? "");
  const where = { params: { id: store.id } };
  const titleId = `store-${store.id}`;
  return (
    <li className="platform-store" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {store.brandName} {store.disabled ? "(disabled)" : null}
      </h3>
      <dl>
        <dt>Id</dt>
        <dd>{store.id}</dd>
        <dt>Hosts</dt>
        <dd>{store.hosts.join(", ")}</dd>
        <dt>Owner</dt>
        <dd>{store.ownerEmail}</dd>
        <dt>Stripe account</dt>
        <dd>{store.stripeId ?? "Not connected"}</dd>
      </dl>
      <form
        className="platform-row"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => api.platform.changeStore({ stripeId: stripeId.trim() || null }, where),
            stripeId.trim() ? "Stripe account connected." : "Stripe account removed.",
          );
        }}
      >
        <label>
          Connected Stripe account of {store.brandName}
          <input
            value={stripeId}
            placeholder="acct_…"
            onChange={(e) => setStripeId(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-secondary" disabled={busy}>
          Save account
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => {
            const disabled = !store.disabled;
            void run(
              () => api.platform.changeStore({ disabled }, where),
              disabled
                ? `${store.brandName} is disabled: its hosts answer 404; nothing was deleted.`
                : `${store.brandName} is enabled again.`,
            );
          }}
        >
          {store.disabled ? `Enable ${store.brandName}` : `Disable ${store.brandName}`}
        </button>
      </form>
      {outcome}
    </li>
  );
}
