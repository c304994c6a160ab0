import { type CartView, SUBSCRIPTION_MESSAGES } from "@storefront/domain";
import { useState } from "react";
import { ErrorAlert } from "~/components/error-alert";
import { PlanLabel } from "~/components/plan-label";
import { type AccountView, AUTH_TITLES, AuthPanel, returnAfterConfirm } from "~/features/account";
import { switchToOneTime, useCartStore } from "~/features/cart";

/**
 * A guest whose cart holds a subscription: the subscription is kept on an account, so the
 * checkout asks for one right here (sign in, or create one: its confirmation link comes back to
 * this checkout), or each subscription can become a one-time purchase, which a guest can pay.
 * Once signed in, or with no subscription left, the checkout form takes its place.
 */
export function AccountStep({ cart }: { cart: CartView }) {
  const [view, setView] = useState<AccountView>("register");
  const [busy, setBusy] = useState<string | null>(null);
  const error = useCartStore((s) => s.error);
  const subscriptions = cart.cartItems.filter((l) => l.subscription);
  return (
    <div className="checkout-account">
      <section className="checkout-section" aria-labelledby="account-step-title">
        <h2 id="account-step-title">Your subscription needs an account</h2>
        <p>{SUBSCRIPTION_MESSAGES.signInToCheckout}</p>
        <ul className="checkout-subscriptions">
          {subscriptions.map((line) => {
            const key = `${line.sku}|${line.subscription?.subscription_id}`;
            return (
              <li key={key}>
                <span className="checkout-subscription-title">{line.title}</span>
                {line.subscription ? <PlanLabel plan={line.subscription} /> : null}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy !== null}
                  onClick={async () => {
                    setBusy(key);
                    await switchToOneTime(cart, line);
                    setBusy(null);
                  }}
                >
                  {busy === key ? "Switching…" : "Switch to one-time purchase"}
                  <span className="visually-hidden"> of {line.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <ErrorAlert className="inline-error" message={error} />
      </section>
      <section className="checkout-section" aria-labelledby="account-form-title">
        <h2 id="account-form-title">{AUTH_TITLES[view]}</h2>
        <AuthPanel
          view={view}
          onViewChange={(next) => {
            // The confirmation link, opened in this browser, comes back to this checkout.
            if (next === "registered") returnAfterConfirm("/checkout");
            setView(next);
          }}
          // Signed in: the checkout form replaces this step.
          onDone={() => {}}
        />
      </section>
    </div>
  );
}
