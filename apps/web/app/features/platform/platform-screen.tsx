import "./platform.css";
import {
  COUNTRIES,
  COUNTRY_NAMES,
  type Country,
  CURRENCIES,
  type Currency,
  countryOfCurrency,
  currencyOfCountry,
  DEFAULT_CHECKOUT_SETTINGS,
  minorUnitsOf,
  type NewStoreInput,
  type PlatformStore,
  parseTaxText,
  THEME_FONTS,
  taxText,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { useSave } from "~/lib/use-save";

const FONTS = Object.keys(THEME_FONTS);

/** The platform's forms say what they did, or why not, in the storefront's own styles. */
const useAction = () => useSave({ error: "inline-error", done: "" });

function SignIn() {
  const { busy, run, outcome } = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="auth-form platform-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run(
          () => apiRequest("POST", "/api/platform/session", { email, password }),
          "Signed in.",
        );
      }}
    >
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Sign in
      </button>
      {outcome}
    </form>
  );
}

function StoreCard({ store }: { store: PlatformStore }) {
  const { busy, run, outcome } = useAction();
  const [stripeId, setStripeId] = useState(store.stripeId ?? "");
  const path = `/api/platform/stores/${encodeURIComponent(store.id)}`;
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
            () => apiRequest("PATCH", path, { stripeId: stripeId.trim() || null }),
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
              () => apiRequest("PATCH", path, { disabled }),
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

/** The rates a new store starts from (typed over on the form): the default settings' ones. */
const RATES = COUNTRIES.flatMap((country) =>
  DEFAULT_CHECKOUT_SETTINGS.shipping[country].map((rate) => ({ country, ...rate })),
);

function NewStoreForm() {
  const { busy, run, outcome } = useAction();
  const [values, setValues] = useState({
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
  // A store ships to the countries of the currencies it sells in.
  const countries = COUNTRIES.filter((c) => currencies.includes(currencyOfCountry(c)));
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
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (currencies.length === 0) {
      setFormError("Choose at least one currency the store sells in");
      return;
    }
    const parsed = amounts.map(minorUnitsOf);
    if (parsed.some((a, i) => a === null && RATES[i] && countries.includes(RATES[i].country))) {
      setFormError("Shipping rates are amounts such as 7.95");
      return;
    }
    const freeShipping: NonNullable<NewStoreInput["freeShipping"]> = {};
    for (const country of countries) {
      const typed = freeFrom[country].trim();
      if (typed === "") continue;
      const amount = minorUnitsOf(typed);
      if (amount === null) {
        setFormError(
          `${COUNTRY_NAMES[country]} free shipping: an amount such as 149.00, or empty for none`,
        );
        return;
      }
      freeShipping[country] = amount;
    }
    const tax: NonNullable<NewStoreInput["tax"]> = {};
    for (const country of countries) {
      const read = parseTaxText(taxes[country], country);
      if ("error" in read) {
        setFormError(`${COUNTRY_NAMES[country]} tax: ${read.error}`);
        return;
      }
      tax[country] = read.rates;
    }
    setFormError(null);
    const shipping: NonNullable<NewStoreInput["shipping"]> = { US: [], CA: [] };
    RATES.forEach((rate, i) => {
      if (!countries.includes(rate.country)) return;
      shipping[rate.country].push({
        id: rate.id,
        label: rate.label,
        estimate: rate.estimate,
        amount: parsed[i] ?? 0,
      });
    });
    const defaultCurrency = currencies.includes(values.defaultCurrency as Currency)
      ? (values.defaultCurrency as Currency)
      : (currencies[0] as Currency);
    const body: NewStoreInput = {
      id: values.id.trim(),
      brandName: values.brandName,
      hosts: values.hosts.split(/[\s,]+/).filter(Boolean),
      ownerEmail: values.ownerEmail,
      defaultCurrency,
      currencies,
      theme: {
        primary: values.primary,
        headingFont: values.headingFont,
        bodyFont: values.bodyFont,
      },
      shipping,
      freeShipping,
      tax,
    };
    void run(
      async () => {
        await apiRequest("POST", "/api/platform/stores", body);
        // The logo goes once the store exists; a refused one leaves the store open, drawn logo.
        if (logo) {
          await apiRequest("POST", `/api/platform/stores/${body.id}/logo`, logo).catch(
            (err: unknown) => {
              throw new Error(
                `${values.brandName} is open, with a logo drawn from its name: the uploaded logo was refused (${err instanceof Error ? err.message : String(err)})`,
              );
            },
          );
        }
      },
      `${values.brandName} is open at ${body.hosts.join(", ")}; its owner was mailed a link to choose the admin password.`,
    );
  }

  const text = (name: keyof typeof values, label: string, type = "text", hint?: string) => (
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
      <fieldset>
        <legend>Shipping rates</legend>
        {RATES.map((rate, i) =>
          countries.includes(rate.country) ? (
            <label key={`${rate.country}-${rate.id}`}>
              {`${COUNTRY_NAMES[rate.country]}, ${rate.label} (${currencyOfCountry(rate.country).toUpperCase()})`}
              <input
                inputMode="decimal"
                required
                value={amounts[i]}
                onChange={(e) =>
                  setAmounts((all) => all.map((a, j) => (j === i ? e.target.value : a)))
                }
              />
            </label>
          ) : null,
        )}
        {countries.map((country) => (
          <label key={`free-${country}`}>
            {`${COUNTRY_NAMES[country]}, free shipping from (${currencyOfCountry(country).toUpperCase()})`}
            <small>The least an order spends after discounts; empty: never free</small>
            <input
              inputMode="decimal"
              value={freeFrom[country]}
              onChange={(e) => setFreeFrom((all) => ({ ...all, [country]: e.target.value }))}
            />
          </label>
        ))}
        <p>The policy pages quote these rates.</p>
      </fieldset>
      <fieldset>
        <legend>Tax rates</legend>
        {countries.map((country) => (
          <label key={country}>
            {`${COUNTRY_NAMES[country]}, in percent`}
            <small>One region a line, e.g. "NY: Sales tax 4" or "BC: GST 5, PST 7"</small>
            <textarea
              rows={4}
              value={taxes[country]}
              onChange={(e) => setTaxes((all) => ({ ...all, [country]: e.target.value }))}
            />
          </label>
        ))}
      </fieldset>
      {formError ? (
        <p className="inline-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Open the store
      </button>
      {outcome}
    </form>
  );
}

/** /platform: the operator signs in, opens stores, connects their Stripe accounts, disables them. */
export function PlatformScreen({
  operator,
  stores,
}: {
  operator: string | null;
  stores: PlatformStore[];
}) {
  const { run } = useAction();
  if (!operator) {
    return (
      <div className="container narrow-page">
        <h1 className="page-title">Platform sign-in</h1>
        <SignIn />
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
          onClick={() => void run(() => apiRequest("DELETE", "/api/platform/session"), "")}
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
