import {
  COUNTRY_NAMES,
  type Country,
  CURRENCIES,
  type Currency,
  countryOfCurrency,
  DEFAULT_CHECKOUT_SETTINGS,
  THEME_FONTS,
  taxText,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";
import { countriesOf, type NewStoreValues, newStoreInput, RATES } from "./new-store-input";
import { ShippingRatesFields, TaxRatesFields } from "./new-store-rates";
import { usePlatformAction } from "./use-platform-action";

const FONTS = Object.keys(THEME_FONTS);

/**
 * Opens a store: its id, name, hosts and owner, the currencies it sells in, a starter theme and
 * logo, its shipping and tax rates. Its owner is mailed a link to choose the admin password.
 */
export function NewStoreForm() {
  const { busy, run, outcome } = usePlatformAction();
  const [values, setValues] = useState<NewStoreValues>({
    id: "",
    brandName: "",
    hosts: "",
    ownerEmail: "",
    defaultCurrency: "usd",
    primary: "#2f6b3a",
    headingFont: FONTS[0] ?? "",
    bodyFont: FONTS[0] ?? "",
  });
  const [amounts, setAmounts] = useState<string[]>(() =>
    RATES.map((r) => toDecimalString(r.amount)),
  );
  const [currencies, setCurrencies] = useState<Currency[]>([...CURRENCIES]);
  const countries = countriesOf(currencies);
  const [freeFrom, setFreeFrom] = useState<Record<Country, string>>(() => {
    const from = (country: Country) => {
      const threshold = DEFAULT_CHECKOUT_SETTINGS.freeShipping[country];
      return threshold === undefined ? "" : toDecimalString(threshold);
    };
    return { US: from("US"), CA: from("CA") };
  });
  const [taxes, setTaxes] = useState<Record<Country, string>>(() => ({
    US: taxText(DEFAULT_CHECKOUT_SETTINGS.tax.US),
    CA: taxText(DEFAULT_CHECKOUT_SETTINGS.tax.CA),
  }));
  const set = (name: keyof NewStoreValues) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = newStoreInput({ values, currencies, amounts, freeFrom, taxes });
    if (typeof body === "string") {
      setFormError(body);
      return;
    }
    setFormError(null);
    void run(
      async () => {
        await api.platform.openStore(body);
        // The logo goes once the store exists; a refused one leaves the store open, drawn logo.
        if (logo) {
          await api.platform.uploadLogo(logo, { params: { id: body.id } }).catch((err: unknown) => {
            throw new Error(
              `${values.brandName} is open, with a logo drawn from its name: the uploaded logo was refused (${err instanceof Error ? err.message : String(err)})`,
            );
          });
        }
      },
      `${values.brandName} is open at ${body.hosts.join(", ")}; its owner was mailed a link to choose the admin password.`,
    );
  }

  const text = (name: keyof NewStoreValues, label: string, type = "text", hint?: string) => (
    <label>
      {label}
      {hint ? <small>{hint}</small> : null}
      <input
        type={type}
        name={name}
        required
        value={values[name]}
        onChange={(e) => set(name)(e.target.value)}
      />
    </label>
  );
  return (
    <form className="platform-form" onSubmit={submit} aria-labelledby="new-store-title">
      <h2 id="new-store-title">Open a store</h2>
      <fieldset>
        <legend>The store</legend>
        {text(
          "id",
          "Store id",
          "text",
          "Lower-case letters, digits and hyphens, e.g. test-kitchen",
        )}
        {text("brandName", "Brand name")}
        {text("hosts", "Hosts", "text", "One or more, separated by spaces or commas")}
        {text("ownerEmail", "Owner's email", "email")}
        <fieldset className="platform-choices">
          <legend>Currencies sold</legend>
          {CURRENCIES.map((currency) => (
            <label key={currency}>
              <input
                type="checkbox"
                checked={currencies.includes(currency)}
                onChange={(e) =>
                  setCurrencies((all) =>
                    e.target.checked
                      ? CURRENCIES.filter((c) => c === currency || all.includes(c))
                      : all.filter((c) => c !== currency),
                  )
                }
              />{" "}
              {`${currency.toUpperCase()} (ships to ${COUNTRY_NAMES[countryOfCurrency(currency)]})`}
            </label>
          ))}
        </fieldset>
        <label>
          Default currency
          <select
            value={values.defaultCurrency}
            onChange={(e) => set("defaultCurrency")(e.target.value)}
          >
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>Starter theme</legend>
        <label>
          Logo
          <small>Optional: JPEG, PNG or WebP, 120 × 40 px at least; else drawn from the name</small>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
          />
        </label>
        {text("primary", "Main colour", "color")}
        {(["headingFont", "bodyFont"] as const).map((name) => (
          <label key={name}>
            {name === "headingFont" ? "Heading font" : "Body font"}
            <select value={values[name]} onChange={(e) => set(name)(e.target.value)}>
              {FONTS.map((font) => (
                <option key={font}>{font}</option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <ShippingRatesFields
        countries={countries}
        amounts={amounts}
        setAmounts={setAmounts}
        freeFrom={freeFrom}
        setFreeFrom={setFreeFrom}
      />
      <TaxRatesFields countries={countries} taxes={taxes} setTaxes={setTaxes} />
      <ErrorAlert className="inline-error" message={formError} />
      <button type="submit" className="button" disabled={busy}>
        Open the store
      </button>
      {outcome}
    </form>
  );
}
