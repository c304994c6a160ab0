import {
  type CartView,
  COUNTRIES,
  COUNTRY_NAMES,
  type Country,
  type Currency,
  currencyOfCountry,
  formatMoney,
  isPostalCodeOf,
  POSTAL_CODE_MESSAGES,
  REGIONS,
  type StoreInfo,
} from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Field, SelectField } from "~/components/form-field";
import { useCartStore } from "~/features/cart";
import { type CardInput, cardFieldError, EMPTY_CARD } from "./checkout-api";
import { useCheckout, useCheckoutStore } from "./checkout-context";
import type { CheckoutAddress } from "./checkout-store";
import type { PaymentReadiness } from "./payment";
import { PaymentSection } from "./payment-section";
import { usePlaceOrder } from "./use-place-order";
import { useQuote } from "./use-quote";

const CURRENCY_NAMES: Record<Currency, string> = {
  usd: "US dollars (USD)",
  cad: "Canadian dollars (CAD)",
};

const REGION_LABELS: Record<Country, string> = { US: "State", CA: "Province or territory" };
const POSTAL_LABELS: Record<Country, string> = { US: "ZIP code", CA: "Postal code" };
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: COUNTRY_NAMES[c] }));
const REGION_OPTIONS = {
  US: REGIONS.US.map((r) => ({ value: r.code, label: r.name })),
  CA: REGIONS.CA.map((r) => ({ value: r.code, label: r.name })),
};

/** The shipping methods the quote offers for the address, as radio buttons. */
function ShippingMethods({
  quoteError,
  error,
  onChoose,
}: {
  quoteError: string | null;
  error: string | null;
  onChoose(id: string): void;
}) {
  const taxable = useCheckout((s) => s.canCalculateTax);
  const options = useCheckout((s) => s.shippingOptions);
  const selected = useCheckout((s) => s.selectedShippingOption?.id ?? null);
  const calculating = useCheckout((s) => s.isTaxCalculating);
  const currency = useCheckout((s) => s.currency);
  const country = useCheckout((s) => s.address.country);
  return (
    <fieldset className="checkout-section shipping-methods" aria-busy={calculating}>
      <legend>
        <h2>Shipping method</h2>
      </legend>
      {!taxable ? (
        <p className="checkout-hint">
          Enter your {REGION_LABELS[country].toLowerCase()} and {POSTAL_LABELS[country]} to see
          shipping options.
        </p>
      ) : options.length === 0 ? (
        calculating ? (
          <p className="checkout-hint">Finding shipping options…</p>
        ) : null
      ) : (
        <ul className="shipping-options">
          {options.map((option) => (
            <li key={option.id}>
              <label className="shipping-option">
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.id}
                  checked={selected === option.id}
                  onChange={() => onChoose(option.id)}
                />
                <span className="shipping-option-label">
                  {option.label}
                  {option.estimate ? (
                    <span className="shipping-option-estimate">{option.estimate}</span>
                  ) : null}
                </span>
                <span className="shipping-option-price">
                  {option.free || option.amount === 0
                    ? "Free"
                    : formatMoney(option.amount, currency)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {quoteError ? (
        <p className="inline-error" role="alert">
          {quoteError}
        </p>
      ) : null}
      {error && taxable && options.length > 0 ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/**
 * The checkout form: contact, shipping address, shipping method and card, then Pay. What is
 * typed lives in the checkout store; the card stays in this component only.
 */
export function CheckoutForm({ cart, storeInfo }: { cart: CartView; storeInfo: StoreInfo }) {
  const store = useCheckoutStore();
  const email = useCheckout((s) => s.email);
  const name = useCheckout((s) => s.name);
  const address = useCheckout((s) => s.address);
  const currency = useCheckout((s) => s.currency);
  const total = useCheckout((s) => s.total);
  const isSubmitting = useCheckout((s) => s.isSubmitting);
  const isTaxCalculating = useCheckout((s) => s.isTaxCalculating);
  const submissionError = useCheckout((s) => s.submissionError);
  const setCurrency = useCartStore((s) => s.setCurrency);
  const { quoteError, requote } = useQuote(cart);

  const [errors, setErrors] = useState<Record<string, string>>({});
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [readiness, setReadiness] = useState<PaymentReadiness>(
    storeInfo.stripe_publishable_key ? { status: "loading" } : { status: "ready", stripe: null },
  );
  const [switching, setSwitching] = useState(false);
  const [countryNote, setCountryNote] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // The country follows the cart's currency: when it changes, say why the prices changed.
  const shownCountry = useRef(address.country);
  useEffect(() => {
    if (shownCountry.current === address.country) return;
    shownCountry.current = address.country;
    setCountryNote(
      `Orders to ${COUNTRY_NAMES[address.country]} are paid in ${CURRENCY_NAMES[currency]}: your cart's prices are now in ${currency.toUpperCase()}.`,
    );
  }, [address.country, currency]);

  // After a refusal, the first field in error takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  };
  const pay = usePlaceOrder({
    card,
    readiness,
    requote,
    onFieldErrors: showErrors,
    onDeclined() {
      setCard((c) => ({ ...c, number: "" }));
      formRef.current?.querySelector<HTMLInputElement>('input[name="cardnumber"]')?.focus();
    },
  });

  function clearError(key: string) {
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  }
  function setAddress(patch: Partial<CheckoutAddress>) {
    store.getState().setAddress(patch);
    for (const key of Object.keys(patch)) clearError(`address.${key}`);
  }
  async function chooseCountry(next: Country) {
    if (next === address.country) return;
    setSwitching(true);
    const outcome = await setCurrency(currencyOfCountry(next));
    setSwitching(false);
    if (!outcome.ok) setErrors((e) => ({ ...e, "address.country": outcome.message }));
  }

  const country = address.country;
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
      <section className="checkout-section" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact</h2>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(v) => {
            store.getState().setContact({ email: v });
            clearError("email");
          }}
        />
      </section>

      <section className="checkout-section" aria-labelledby="address-title">
        <h2 id="address-title">Shipping address</h2>
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          value={name}
          error={errors.name}
          onChange={(v) => {
            store.getState().setContact({ name: v });
            clearError("name");
          }}
        />
        <SelectField
          label="Country"
          name="country"
          autoComplete="country"
          options={COUNTRY_OPTIONS}
          disabled={switching}
          value={country}
          error={errors["address.country"]}
          onChange={(v) => void chooseCountry(v as Country)}
        />
        {countryNote ? (
          <p className="checkout-note" role="status">
            {countryNote}
          </p>
        ) : null}
        <Field
          label="Street address"
          name="address-line1"
          autoComplete="address-line1"
          value={address.line1}
          error={errors["address.line1"]}
          onChange={(v) => setAddress({ line1: v })}
        />
        <Field
          label="Apartment, suite, etc."
          name="address-line2"
          autoComplete="address-line2"
          required={false}
          value={address.line2}
          error={errors["address.line2"]}
          onChange={(v) => setAddress({ line2: v })}
        />
        <Field
          label="City"
          name="city"
          autoComplete="address-level2"
          value={address.city}
          error={errors["address.city"]}
          onChange={(v) => setAddress({ city: v })}
        />
        <div className="field-row">
          <SelectField
            label={REGION_LABELS[country]}
            name="region"
            autoComplete="address-level1"
            options={REGION_OPTIONS[country]}
            placeholder="Choose…"
            value={address.region}
            error={errors["address.region"]}
            onChange={(v) => setAddress({ region: v })}
          />
          <Field
            label={POSTAL_LABELS[country]}
            name="postal-code"
            autoComplete="postal-code"
            maxLength={10}
            value={address.postalCode}
            error={errors["address.postalCode"]}
            onChange={(v) => setAddress({ postalCode: v })}
            onBlur={() => {
              const typed = address.postalCode.trim();
              if (typed !== "" && !isPostalCodeOf(country, typed)) {
                setErrors((e) => ({ ...e, "address.postalCode": POSTAL_CODE_MESSAGES[country] }));
              }
            }}
          />
        </div>
      </section>

      <ShippingMethods
        quoteError={quoteError}
        error={errors.shippingOptionId ?? null}
        onChoose={(id) => {
          store.getState().selectShippingOption(id);
          clearError("shippingOptionId");
          requote();
        }}
      />

      <PaymentSection
        store={storeInfo}
        readiness={readiness}
        onReadiness={setReadiness}
        card={card}
        cardErrors={errors}
        onCardChange={(next) => {
          setCard(next);
          // Another card is another attempt to pay.
          store.getState().endAttempt();
          if (next.number !== card.number) clearError("card.number");
          if (next.expiry !== card.expiry) clearError("card.expiry");
          if (next.cvc !== card.cvc) clearError("card.cvc");
        }}
        onCardBlur={(field) => {
          const message = cardFieldError(field, card);
          if (message) setErrors((e) => ({ ...e, [`card.${field}`]: message }));
        }}
      />

      <div className="checkout-pay">
        {submissionError ? (
          <p className="inline-error" role="alert">
            {submissionError}
          </p>
        ) : null}
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
      </div>
    </form>
  );
}
