import {
  ADMIN_DISCOUNT_MESSAGES,
  type AdminDiscount,
  CURRENCIES,
  type Currency,
  type DiscountState,
  formatMoney,
  minorUnitsOf,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";

type Amounts = AdminDiscount["amounts"];

/** A code state's badge colour, from the order statuses' palette (grey when it has none). */
export const STATE_COLOUR: Record<DiscountState, string> = {
  active: "paid",
  expired: "declined",
  used_up: "awaiting_payment",
  inactive: "none",
};

/** "20% off, at most $15.00 or CA$20.00" or "$5.00 or CA$7.00 off", as the list shows a code. */
export function termsText(d: Pick<AdminDiscount, "percentage" | "amounts" | "caps">): string {
  const money = (amounts: Amounts) =>
    CURRENCIES.flatMap((c) => {
      const v = amounts[c];
      return v === undefined ? [] : [formatMoney(v, c)];
    }).join(" or ");
  if (d.percentage !== null) {
    const caps = money(d.caps);
    return `${d.percentage}% off${caps ? `, at most ${caps}` : ""}`;
  }
  return `${money(d.amounts)} off`;
}

/** The UTC minute a datetime-local field shows for an ISO time ("2026-12-31T23:59"). */
function fieldTime(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

const decimalFields = (amounts: Amounts) =>
  Object.fromEntries(
    CURRENCIES.map((c) => {
      const v = amounts[c];
      return [c, v === undefined ? "" : toDecimalString(v)];
    }),
  ) as Record<Currency, string>;

/**
 * A code's terms, to create one (with its code) or edit one: a percentage off with optional caps,
 * or a fixed amount per currency; the redemption limit; an expiry in UTC; once per customer;
 * public; switched on. The API's refusal is shown as it says it, on the form.
 */
export function DiscountForm({
  discount,
  onSaved,
}: {
  /** The code to edit; none to create one. */
  discount?: AdminDiscount;
  onSaved: (saved: AdminDiscount) => Promise<void> | void;
}) {
  const id = useId();
  const personal = discount?.personalOf != null;
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"percentage" | "amount">(
    discount && discount.percentage === null ? "amount" : "percentage",
  );
  const [percentage, setPercentage] = useState(
    discount?.percentage != null ? String(discount.percentage) : "",
  );
  const [amounts, setAmounts] = useState(() => decimalFields(discount?.amounts ?? {}));
  const [caps, setCaps] = useState(() => decimalFields(discount?.caps ?? {}));
  const [maxRedemptions, setMaxRedemptions] = useState(
    discount ? String(discount.maxRedemptions) : "100",
  );
  const [expiresAt, setExpiresAt] = useState(fieldTime(discount?.expiresAt ?? null));
  const [oncePerCustomer, setOncePerCustomer] = useState(discount?.oncePerCustomer ?? false);
  const [isPublic, setIsPublic] = useState(discount?.public ?? false);
  const [active, setActive] = useState(discount?.active ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  /** Shows what is wrong and moves focus to the field it names. */
  function refuse(message: string, field: string | null) {
    setError(message);
    setInvalid(field);
    const target = field
      ? form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)
      : null;
    target?.focus();
  }

  function moneyOf(fields: Record<Currency, string>, field: string): Amounts | null {
    const out: Amounts = {};
    for (const currency of CURRENCIES) {
      const text = fields[currency].trim();
      if (text === "") continue;
      const minor = minorUnitsOf(text);
      if (minor === null || minor <= 0) {
        refuse(`The ${currency.toUpperCase()} amount must be more than 0, like 5.00`, field);
        return null;
      }
      out[currency] = minor;
    }
    return out;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setInvalid(null);
    const limit = /^\d{1,10}$/.test(maxRedemptions.trim()) ? Number(maxRedemptions) : Number.NaN;
    if (!(limit >= 1)) return refuse(ADMIN_DISCOUNT_MESSAGES.maxRedemptions, "maxRedemptions");
    let terms: { percentage: number | null; amounts: Amounts; caps: Amounts };
    if (kind === "percentage") {
      const pct = /^\d{1,3}$/.test(percentage.trim()) ? Number(percentage) : Number.NaN;
      if (!(pct >= 1 && pct <= 100)) {
        return refuse(ADMIN_DISCOUNT_MESSAGES.percentage, "percentage");
      }
      const capped = moneyOf(caps, "caps");
      if (!capped) return;
      terms = { percentage: pct, amounts: {}, caps: capped };
    } else {
      const fixed = moneyOf(amounts, "amounts");
      if (!fixed) return;
      if (Object.keys(fixed).length === 0) {
        return refuse(ADMIN_DISCOUNT_MESSAGES.noTerms, "amounts");
      }
      terms = { percentage: null, amounts: fixed, caps: {} };
    }
    const body = {
      ...terms,
      maxRedemptions: limit,
      expiresAt: expiresAt ? `${expiresAt}:00Z` : null,
      oncePerCustomer,
      public: isPublic,
      active,
    };
    setBusy(true);
    try {
      const saved = discount
        ? await api.adminDiscounts.update(body, { params: { id: discount.id } })
        : await api.adminDiscounts.create({ code, ...body });
      await onSaved(saved);
      if (!discount) setCode("");
    } catch (err) {
      const fields =
        err instanceof ApiError
          ? ((err.body?.error as { fields?: Record<string, string> } | undefined)?.fields ?? {})
          : {};
      refuse(
        err instanceof Error ? err.message : String(err),
        Object.keys(fields)[0]?.split(".")[0] ?? null,
      );
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: string) => ({
    "data-field": field,
    "aria-invalid": invalid === field ? true : undefined,
    "aria-describedby": invalid === field ? `${id}-error` : undefined,
  });

  return (
    <form ref={form} className="admin-discount-form" onSubmit={submit} noValidate>
      {discount ? null : (
        <div className="admin-field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            placeholder="AUTUMN20"
            {...fieldProps("code")}
          />
        </div>
      )}
      <fieldset className="admin-fieldset" disabled={personal}>
        <legend>Takes off</legend>
        <label className="admin-check">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === "percentage"}
            onChange={() => setKind("percentage")}
          />{" "}
          A percentage
        </label>
        <label className="admin-check">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === "amount"}
            onChange={() => setKind("amount")}
          />{" "}
          A fixed amount
        </label>
        {kind === "percentage" ? (
          <div className="admin-field-row">
            <div className="admin-field">
              <label htmlFor={`${id}-percentage`}>Percent off</label>
              <input
                id={`${id}-percentage`}
                inputMode="numeric"
                size={4}
                value={percentage}
                onChange={(e) => setPercentage(e.target.value)}
                {...fieldProps("percentage")}
              />
            </div>
            {CURRENCIES.map((currency, i) => (
              <div className="admin-field" key={currency}>
                <label htmlFor={`${id}-cap-${currency}`}>
                  At most, {currency.toUpperCase()} (optional)
                </label>
                <input
                  id={`${id}-cap-${currency}`}
                  inputMode="decimal"
                  size={8}
                  value={caps[currency]}
                  onChange={(e) => setCaps({ ...caps, [currency]: e.target.value })}
                  {...(i === 0 ? fieldProps("caps") : {})}
                />
              </div>
            ))}
          </div>
        ) : (
          <div className="admin-field-row">
            {CURRENCIES.map((currency, i) => (
              <div className="admin-field" key={currency}>
                <label htmlFor={`${id}-amount-${currency}`}>
                  Amount off, {currency.toUpperCase()}
                </label>
                <input
                  id={`${id}-amount-${currency}`}
                  inputMode="decimal"
                  size={8}
                  value={amounts[currency]}
                  onChange={(e) => setAmounts({ ...amounts, [currency]: e.target.value })}
                  {...(i === 0 ? fieldProps("amounts") : {})}
                />
              </div>
            ))}
          </div>
        )}
        {personal ? <p className="admin-hint">{ADMIN_DISCOUNT_MESSAGES.personalTerms}</p> : null}
      </fieldset>
      <div className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-max`}>Redemption limit</label>
          <input
            id={`${id}-max`}
            inputMode="numeric"
            size={8}
            value={maxRedemptions}
            onChange={(e) => setMaxRedemptions(e.target.value)}
            {...fieldProps("maxRedemptions")}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-expires`}>Expires (UTC, optional)</label>
          <input
            id={`${id}-expires`}
            type="datetime-local"
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
            {...fieldProps("expiresAt")}
          />
        </div>
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={oncePerCustomer}
          disabled={personal}
          onChange={(e) => setOncePerCustomer(e.target.checked)}
        />{" "}
        Once per customer (by account and by email)
      </label>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={isPublic}
          disabled={personal}
          onChange={(e) => setIsPublic(e.target.checked)}
        />{" "}
        Public: the chatbot offers it to shoppers who ask
      </label>
      {discount ? (
        <label className="admin-check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />{" "}
          Switched on
        </label>
      ) : null}
      <div className="admin-filter-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {discount ? "Save changes" : "Create code"}
        </button>
      </div>
      <ErrorAlert id={`${id}-error`} className="admin-error" message={error} />
    </form>
  );
}
