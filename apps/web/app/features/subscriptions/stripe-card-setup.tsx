import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { type StripeKey, stripeLoadArgs } from "~/lib/stripe-key";

/**
 * Stripe's Payment Element on a SetupIntent: the shopper's new card for a subscription's renewals
 * is confirmed with Stripe from the browser (it never reaches the store), and Stripe's webhook
 * tells the store. Loaded only when a shopper of a store with Stripe keys replaces a card.
 */
export default function StripeCardSetup({
  stripeKey,
  clientSecret,
  onDone,
}: {
  stripeKey: StripeKey;
  clientSecret: string;
  /** Null once Stripe confirmed the card; else why not. */
  onDone(error: string | null): void;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    loadStripe(...stripeLoadArgs(stripeKey))
      .then((loaded) => current && setStripe(loaded))
      .catch((error: unknown) => {
        console.warn("Card form failed to load", error);
        if (current) setStripe(null);
      });
    return () => {
      current = false;
    };
  }, [stripeKey]);
  if (stripe === undefined) return <p className="checkout-hint">Loading the secure card form…</p>;
  if (stripe === null) {
    return (
      <p className="inline-error" role="alert">
        The secure card form could not be loaded. Please try again later.
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <SetupFields onDone={onDone} />
    </Elements>
  );
}

function SetupFields({ onDone }: { onDone(error: string | null): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <PaymentElement options={{ layout: "tabs" }} />
      <button
        type="button"
        className="button"
        disabled={busy || !stripe || !elements}
        onClick={async () => {
          if (!stripe || !elements) return;
          setBusy(true);
          const { error } = await stripe.confirmSetup({
            elements,
            confirmParams: { return_url: `${window.location.origin}/account#subscriptions` },
            redirect: "if_required",
          });
          setBusy(false);
          onDone(error ? (error.message ?? "Your card was declined.") : null);
        }}
      >
        Save card
      </button>
    </>
  );
}
