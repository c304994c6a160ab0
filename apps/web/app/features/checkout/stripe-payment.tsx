import type { Currency } from "@storefront/domain";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Appearance, Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { type StripeKey, stripeLoadArgs } from "~/lib/stripe-key";
import type { PaymentReadiness } from "./payment";

// One Stripe.js per key and account for the life of the tab; a failed load may be tried again.
const loads = new Map<string, Promise<Stripe | null>>();

/** Stripe.js from Stripe's CDN, or null when it cannot be loaded (spec section 8: only a warning). */
function stripeFor(key: StripeKey): Promise<Stripe | null> {
  const id = `${key.publishableKey} ${key.stripeAccount ?? ""}`;
  let load = loads.get(id);
  if (!load) {
    load = loadStripe(...stripeLoadArgs(key)).catch((error: unknown) => {
      console.warn("Card payment script failed to load", error);
      loads.delete(id);
      return null;
    });
    loads.set(id, load);
  }
  return load;
}

function PaymentFields({ onReadiness }: { onReadiness(readiness: PaymentReadiness): void }) {
  const stripe = useStripe();
  const elements = useElements();
  return (
    <PaymentElement
      options={{ layout: "tabs" }}
      onReady={() => {
        if (!stripe || !elements) return;
        onReadiness({
          status: "ready",
          stripe: {
            async prepare() {
              const { error } = await elements.submit();
              return error ? (error.message ?? "Please check your card details.") : null;
            },
            async confirm(clientSecret, returnUrl) {
              const { error } = await stripe.confirmPayment({
                elements,
                clientSecret,
                confirmParams: { return_url: returnUrl },
                redirect: "if_required",
              });
              return error ? (error.message ?? "Your card was declined.") : null;
            },
          },
        });
      }}
      onLoadError={(event) => {
        console.warn("Card payment form failed to load", event.error.message);
        onReadiness({ status: "unavailable" });
      }}
    />
  );
}

/**
 * Stripe's Payment Element with a deferred intent: the amount and currency are the checkout's,
 * the PaymentIntent is made by POST /api/checkout when the shopper pays. This module is loaded
 * only on the checkout page of a store with Stripe keys.
 */
export default function StripePayment({
  stripeKey,
  amount,
  currency,
  appearance,
  onReadiness,
}: {
  stripeKey: StripeKey;
  amount: number;
  currency: Currency;
  appearance: Appearance;
  onReadiness(readiness: PaymentReadiness): void;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void stripeFor(stripeKey).then((loaded) => {
      if (!current) return;
      setStripe(loaded);
      if (!loaded) onReadiness({ status: "unavailable" });
    });
    return () => {
      current = false;
    };
  }, [stripeKey, onReadiness]);
  if (!stripe) return null;
  return (
    <Elements
      stripe={stripe}
      // A deferred intent needs a positive amount; the server decides what is really charged.
      options={{ mode: "payment", amount: Math.max(amount, 1), currency, appearance }}
    >
      <PaymentFields onReadiness={onReadiness} />
    </Elements>
  );
}
