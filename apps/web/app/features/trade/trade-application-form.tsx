import {
  TRADE_LABELS as L,
  TRADE_MESSAGES as M,
  TRADE_LIMITS,
  TRADE_REQUIRED,
  TradeApplicationSchema,
  type TradeField,
} from "@storefront/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import {
  errorIdOf,
  type FieldBinding,
  type FieldErrors,
  useFormFields,
} from "~/lib/use-form-fields";

const EMPTY: Record<TradeField, string> = {
  businessName: "",
  contactName: "",
  email: "",
  phone: "",
  taxId: "",
  website: "",
  storeAddress: "",
  message: "",
};

/** The first message of each field the schema refuses. */
function check(values: Record<TradeField, string>): FieldErrors {
  const parsed = TradeApplicationSchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = String(issue.path[0] ?? "");
    errors[name] ??= issue.message;
  }
  return errors;
}

/** A labelled text area, as Field is for one line. */
function AreaField({
  label,
  required,
  maxLength,
  ...bound
}: FieldBinding<string> & { label: string; required: boolean; maxLength: number }) {
  return (
    <div className="form-field">
      <label htmlFor={bound.id}>
        {label}
        {required ? " *" : ""}
      </label>
      <textarea
        id={bound.id}
        name={bound.name}
        rows={3}
        required={required}
        maxLength={maxLength}
        aria-invalid={bound["aria-invalid"]}
        aria-describedby={bound["aria-describedby"]}
        value={bound.value}
        onChange={(e) => bound.onChange(e.target.value)}
      />
      {bound.error ? (
        <p id={errorIdOf(bound.id)} className="field-error">
          {bound.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The trade partner application, where the store's trade page places it: checked as the server
 * checks it, sent to POST /api/wholesale-applications, then thanked for (the form goes; the
 * thanks take the focus and are announced).
 */
export function TradeApplicationForm() {
  const form = useFormFields(EMPTY, { check });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  // The form's code loads apart from the page's: `data-ready` says it now answers (typing into
  // it before would be lost when it hydrates).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = check(form.values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      setError(null);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.trade.apply(form.values);
      setSent(true);
    } catch (err) {
      const fields =
        err instanceof ApiError ? (err.body?.error as { fields?: unknown })?.fields : null;
      if (fields && typeof fields === "object") {
        form.setErrors(fields as FieldErrors);
        focusFirstInvalid();
      }
      setError(err instanceof ApiError ? err.message : M.failed);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="trade-sent" ref={thanksRef} tabIndex={-1} role="status">
        <p className="trade-sent-title">{M.submitted}</p>
        <p>{M.submittedText}</p>
      </div>
    );
  }
  const required = (name: TradeField) => TRADE_REQUIRED.includes(name);
  const line = (name: TradeField, autoComplete: string, type = "text") => (
    <Field
      label={L[name]}
      type={type}
      autoComplete={autoComplete}
      required={required(name)}
      maxLength={TRADE_LIMITS[name]}
      {...form.bind(name)}
    />
  );
  return (
    <form
      ref={formRef}
      className="trade-form"
      noValidate
      onSubmit={submit}
      data-lazy=""
      data-ready={ready ? "" : undefined}
    >
      <p className="trade-form-intro">Tell us about your business. Fields marked * are required.</p>
      {line("businessName", "organization")}
      {line("contactName", "name")}
      {line("email", "email", "email")}
      {line("phone", "tel", "tel")}
      {line("taxId", "off")}
      {line("website", "url", "url")}
      <AreaField
        label={L.storeAddress}
        required
        maxLength={TRADE_LIMITS.storeAddress}
        {...form.bind("storeAddress")}
      />
      <AreaField
        label={L.message}
        required={false}
        maxLength={TRADE_LIMITS.message}
        {...form.bind("message")}
      />
      <FormMessage error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : "Apply for a trade account"}
      </button>
    </form>
  );
}

export default TradeApplicationForm;
