import { type CartView, formatMoney, type StoreInfo } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { AddressFields, ContactFields, useCheckoutFields } from "./address-fields";
import { type CardInput, cardFieldError, EMPTY_CARD } from "./checkout-api";
import { useCheckout, useCheckoutStore } from "./checkout-context";
import type { PaymentReadiness } from "./payment";
import { PaymentSection } from "./payment-section";
import { ShippingMethods } from "./shipping-methods";
import { usePlaceOrder } from "./use-place-order";
import { useQuote } from "./use-quote";

/**
 * The checkout form: contact, shipping address, shipping method and card, then Pay. What is
 * typed lives in the checkout store; the card stays in this component only.
 */
export function CheckoutForm({ cart, storeInfo }: { cart: CartView; storeInfo: StoreInfo }) {
  const store = useCheckoutStore();
  const currency = useCheckout((s) => s.currency);
  const total = useCheckout((s) => s.total);
  const isSubmitting = useCheckout((s) => s.isSubmitting);
  const isTaxCalculating = useCheckout((s) => s.isTaxCalculating);
  const submissionError = useCheckout((s) => s.submissionError);
  const { quoteError, requote } = useQuote(cart);
  const form = useCheckoutFields();

  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [readiness, setReadiness] = useState<PaymentReadiness>(
    storeInfo.cardPayments === "unavailable"
      ? { status: "unavailable" }
      : storeInfo.stripe_publishable_key
        ? { status: "loading" }
        : { status: "ready", stripe: null },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // The decline being shown: it goes as soon as the shopper types another card.
  const declined = useRef(false);

  // After a refusal, the first field in error takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const showErrors = (fields: Record<string, string>) => {
    form.setErrors(fields);
    if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  };
  const pay = usePlaceOrder({
    card,
    readiness,
    requote,
    onFieldErrors: showErrors,
    onDeclined() {
      declined.current = true;
      setCard((c) => ({ ...c, number: "" }));
      formRef.current?.querySelector<HTMLInputElement>('input[name="cardnumber"]')?.focus();
    },
  });

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <ContactFields form={form} />
      <AddressFields form={form} />

      <ShippingMethods
        quoteError={quoteError}
        error={form.errors.shippingOptionId ?? null}
        onChoose={(id) => {
          store.getState().selectShippingOption(id);
          form.clearError("shippingOptionId");
          requote();
        }}
      />

      <PaymentSection
        store={storeInfo}
        readiness={readiness}
        onReadiness={setReadiness}
        card={card}
        cardErrors={form.errors}
        onCardChange={(next) => {
          setCard(next);
          // Another card is another attempt to pay, and the last card's decline is past.
          store.getState().endAttempt();
          if (declined.current) {
            declined.current = false;
            store.getState().setError(null);
          }
          if (next.number !== card.number) form.clearError("card.number");
          if (next.expiry !== card.expiry) form.clearError("card.expiry");
          if (next.cvc !== card.cvc) form.clearError("card.cvc");
        }}
        onCardBlur={(field) => {
          const message = cardFieldError(field, card);
          if (message) form.setError(`card.${field}`, message);
        }}
      />

      <div className="checkout-pay">
        <ErrorAlert className="inline-error" message={submissionError} />
        <button
          type="submit"
          className="button pay-button"
          disabled={isSubmitting || isTaxCalculating || readiness.status !== "ready"}
          aria-busy={isSubmitting}
        >
          {isSubmitting
            ? "Processing payment…"
            : isTaxCalculating
              ? "Calculating tax…"
              : `Pay ${formatMoney(total, currency)}`}
        </button>
        <p className="checkout-secure">
          {storeInfo.stripe_publishable_key
            ? "Secure payment: your card goes straight to Stripe over an encrypted connection; we never see or store its number."
            : "Secure payment: your card is sent over an encrypted connection and never stored; we keep only its brand and last 4 digits."}
        </p>
        <nav className="checkout-policies" aria-label="Policies">
          <Link to="/policies/refund-policy">Refund policy</Link>
          <Link to="/policies/shipping-policy">Shipping policy</Link>
          <Link to="/policies/privacy-policy">Privacy policy</Link>
          <Link to="/policies/terms-of-service">Terms of service</Link>
        </nav>
      </div>
    </form>
  );
}
