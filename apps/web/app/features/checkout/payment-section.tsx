import { CHECKOUT_MESSAGES, fontStack, type StoreInfo } from "@storefront/domain";
import type { Appearance } from "@stripe/stripe-js";
import { type ComponentProps, lazy, Suspense, useEffect, useMemo, useState } from "react";
import { stripeKeyOf } from "~/lib/stripe-key";
import type { FieldErrors } from "~/lib/use-form-fields";
import type { CardInput } from "./checkout-api";
import { useCheckout } from "./checkout-context";
import type { PaymentReadiness } from "./payment";
import type StripePaymentModule from "./stripe-payment";
import { TestCardFields } from "./test-card-fields";

/** Stands in when the Stripe part of the page itself could not be fetched. */
function StripeUnavailable({ onReadiness }: ComponentProps<typeof StripePaymentModule>) {
  useEffect(() => onReadiness({ status: "unavailable" }), [onReadiness]);
  return null;
}

// Stripe's code is fetched only here, and only for a store with Stripe keys.
const StripePayment = lazy(() =>
  import("./stripe-payment").catch((error: unknown) => {
    console.warn("Card payment could not be loaded", error);
    return { default: StripeUnavailable };
  }),
);

/** The Payment Element in the store's colours and fonts. */
function appearanceOf(store: StoreInfo): Appearance {
  const { colors, typography } = store.theme;
  return {
    theme: "stripe",
    variables: {
      colorPrimary: colors.primary,
      colorBackground: "#ffffff",
      colorText: colors.text,
      colorDanger: "#b3261e",
      fontFamily: fontStack(typography.fonts.body),
      borderRadius: "8px",
    },
  };
}

/**
 * The card: the test processor's fields when the store has no Stripe key, else Stripe's Payment
 * Element, mounted in the browser only. When Stripe cannot load, the page says card payment is
 * unavailable and Pay stays disabled.
 */
export function PaymentSection({
  store,
  readiness,
  onReadiness,
  card,
  cardErrors,
  onCardChange,
  onCardBlur,
}: {
  store: StoreInfo;
  readiness: PaymentReadiness;
  onReadiness(readiness: PaymentReadiness): void;
  card: CardInput;
  cardErrors: FieldErrors;
  onCardChange(card: CardInput): void;
  onCardBlur(field: keyof CardInput): void;
}) {
  const total = useCheckout((s) => s.total);
  const currency = useCheckout((s) => s.currency);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const key = stripeKeyOf(store);
  const appearance = useMemo(() => appearanceOf(store), [store]);
  return (
    <section className="checkout-section" aria-labelledby="payment-title">
      <h2 id="payment-title">Payment</h2>
      {store.cardPayments === "unavailable" ? (
        <p className="inline-error" role="alert">
          {CHECKOUT_MESSAGES.cardNotSetUp}
        </p>
      ) : key === null ? (
        <TestCardFields
          card={card}
          errors={cardErrors}
          onChange={onCardChange}
          onBlur={onCardBlur}
        />
      ) : (
        <>
          {readiness.status === "loading" ? (
            <p className="checkout-hint">Loading the secure card form…</p>
          ) : null}
          {readiness.status === "unavailable" ? (
            <p className="inline-error" role="alert">
              {CHECKOUT_MESSAGES.cardUnavailable}
            </p>
          ) : mounted ? (
            <Suspense fallback={null}>
              <StripePayment
                stripeKey={key}
                amount={total}
                currency={currency}
                appearance={appearance}
                onReadiness={onReadiness}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </section>
  );
}
