import "./platform.css";
import type { PlatformStore } from "@storefront/domain";
import * as api from "~/lib/api";
import { NewStoreForm } from "./new-store-form";
import { PlatformSignIn } from "./platform-sign-in";
import { StoreCard } from "./store-card";
import { usePlatformAction } from "./use-platform-action";

/** /platform: the operator signs in, opens stores, connects their Stripe accounts, disables them. */
export function PlatformScreen({
  operator,
  stores,
}: {
  operator: string | null;
  stores: PlatformStore[];
}) {
  const { run } = usePlatformAction();
  if (!operator) {
    return (
      <div className="container narrow-page">
        <h1 className="page-title">Platform sign-in</h1>
        <PlatformSignIn />
      </div>
    );
  }
  return (
    <div className="container">
      <h1 className="page-title">Platform</h1>
      <p>
        Signed in as {operator}.{" "}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void run(() => api.platform.signOut(), "")}
        >
          Sign out
        </button>
      </p>
      <h2>Stores</h2>
      <ul className="platform-stores">
        {stores.map((store) => (
          <StoreCard key={store.id} store={store} />
        ))}
      </ul>
      <NewStoreForm />
    </div>
  );
}
