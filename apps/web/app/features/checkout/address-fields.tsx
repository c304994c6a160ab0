import {
  COUNTRY_NAMES,
  type Country,
  currencyOfCountry,
  isPostalCodeOf,
  POSTAL_CODE_MESSAGES,
} from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Field, SelectField } from "~/components/form-field";
import { noteEmail } from "~/features/analytics";
import { useCartStore } from "~/features/cart";
import { type FormFields, useFormFields } from "~/lib/use-form-fields";
import {
  COUNTRY_OPTIONS,
  CURRENCY_NAMES,
  POSTAL_LABELS,
  REGION_LABELS,
  REGION_OPTIONS,
} from "./address-labels";
import { useCheckout, useCheckoutStore } from "./checkout-context";
import type { CheckoutAddress } from "./checkout-store";

/**
 * The checkout's typed fields by the server's dotted paths, so a refused field's message (from
 * the domain's PlaceOrderSchema or the server) lands on its field.
 */
export interface CheckoutFields {
  email: string;
  name: string;
  "address.country": Country;
  "address.line1": string;
  "address.line2": string;
  "address.city": string;
  "address.region": string;
  "address.postalCode": string;
}

export type CheckoutFieldsForm = FormFields<CheckoutFields>;

/**
 * The checkout's field bindings. What is typed lives in the checkout store (it survives a trip
 * to the cart), so the hook reads the values from it and hands every change to it; the hook
 * keeps the messages, including those of the card and the shipping method.
 */
export function useCheckoutFields(): CheckoutFieldsForm {
  const store = useCheckoutStore();
  const email = useCheckout((s) => s.email);
  const name = useCheckout((s) => s.name);
  const address = useCheckout((s) => s.address);
  return useFormFields<CheckoutFields>(() => valuesOf(email, name, address), {
    values: valuesOf(email, name, address),
    onValue(field, value) {
      if (field === "email" || field === "name") {
        store.getState().setContact({ [field]: value });
        // The visit's record keeps the email a shopper gives (a complete one only).
        if (field === "email") noteEmail(value);
      } else {
        store.getState().setAddress({ [field.slice("address.".length)]: value });
      }
    },
  });
}

function valuesOf(email: string, name: string, address: CheckoutAddress): CheckoutFields {
  return {
    email,
    name,
    "address.country": address.country,
    "address.line1": address.line1,
    "address.line2": address.line2,
    "address.city": address.city,
    "address.region": address.region,
    "address.postalCode": address.postalCode,
  };
}

/** Contact: the email the confirmation goes to. */
export function ContactFields({ form }: { form: CheckoutFieldsForm }) {
  return (
    <section className="checkout-section" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact</h2>
      <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
    </section>
  );
}

/**
 * The shipping address, or only what tax needs when nothing in the cart is shipped. The country
 * follows the cart's currency: choosing one switches the
 * cart's currency, and a note says why the prices changed.
 */
export function AddressFields({ form }: { form: CheckoutFieldsForm }) {
  const country = useCheckout((s) => s.address.country);
  const currency = useCheckout((s) => s.currency);
  const postalCode = useCheckout((s) => s.address.postalCode);
  const requiresShipping = useCheckout((s) => s.requiresShipping);
  const setCurrency = useCartStore((s) => s.setCurrency);
  const [switching, setSwitching] = useState(false);
  const [countryNote, setCountryNote] = useState<string | null>(null);

  // The country follows the cart's currency: when it changes, say why the prices changed.
  const shownCountry = useRef(country);
  useEffect(() => {
    if (shownCountry.current === country) return;
    shownCountry.current = country;
    setCountryNote(
      `Orders to ${COUNTRY_NAMES[country]} are paid in ${CURRENCY_NAMES[currency]}: your cart's prices are now in ${currency.toUpperCase()}.`,
    );
  }, [country, currency]);

  async function chooseCountry(next: Country) {
    if (next === country) return;
    setSwitching(true);
    const outcome = await setCurrency(currencyOfCountry(next));
    setSwitching(false);
    if (!outcome.ok) form.setError("address.country", outcome.message);
  }

  return (
    <section className="checkout-section" aria-labelledby="address-title">
      <h2 id="address-title">{requiresShipping ? "Shipping address" : "Billing details"}</h2>
      {requiresShipping ? null : (
        <p className="checkout-hint">
          Nothing in your order is shipped, so we only need your{" "}
          {REGION_LABELS[country].toLowerCase()} and {POSTAL_LABELS[country]} for tax.
        </p>
      )}
      <Field label="Full name" autoComplete="name" {...form.bind("name")} />
      <SelectField
        label="Country"
        autoComplete="country"
        options={COUNTRY_OPTIONS}
        disabled={switching}
        {...form.bind("address.country")}
        name="country"
        // The country changes with the cart's currency, not as typing does.
        onChange={(v) => void chooseCountry(v as Country)}
      />
      {countryNote ? (
        <p className="checkout-note" role="status">
          {countryNote}
        </p>
      ) : null}
      {requiresShipping ? (
        <>
          <Field
            label="Street address"
            autoComplete="address-line1"
            {...form.bind("address.line1")}
            name="address-line1"
          />
          <Field
            label="Apartment, suite, etc."
            autoComplete="address-line2"
            required={false}
            {...form.bind("address.line2")}
            name="address-line2"
          />
          <Field
            label="City"
            autoComplete="address-level2"
            {...form.bind("address.city")}
            name="city"
          />
        </>
      ) : null}
      <div className="field-row">
        <SelectField
          label={REGION_LABELS[country]}
          autoComplete="address-level1"
          options={REGION_OPTIONS[country]}
          placeholder="Choose…"
          {...form.bind("address.region")}
          name="region"
        />
        <Field
          label={POSTAL_LABELS[country]}
          autoComplete="postal-code"
          maxLength={10}
          {...form.bind("address.postalCode")}
          name="postal-code"
          onBlur={() => {
            const typed = postalCode.trim();
            if (typed !== "" && !isPostalCodeOf(country, typed)) {
              form.setError("address.postalCode", POSTAL_CODE_MESSAGES[country]);
            }
          }}
        />
      </div>
    </section>
  );
}
