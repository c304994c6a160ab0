import {
  type AdminOrderView,
  formatMoney,
  minorUnitsOf,
  REFUND_LIMITS,
  REFUND_MESSAGES,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";

/** A key no other refund uses: the same try sent twice (a double click, a retry) is one refund. */
function newKey(): string {
  return crypto.randomUUID();
}

/**
 * Refunds (part of) a paid order: the amount (all of what is left by default), whether to put
 * the items back in stock, and why. The page reads the order again once the refund went through.
 */
export function RefundForm({ order }: { order: AdminOrderView }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState(() => toDecimalString(order.refundable));
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const minor = minorUnitsOf(amount);
  const money = (value: number) => formatMoney(value, order.currency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (minor === null || minor <= 0) {
      setError(REFUND_MESSAGES.amountTyped);
      amountField.current?.focus();
      return;
    }
    if (minor > order.refundable) {
      setError(REFUND_MESSAGES.tooMuch(order.refundable, order.currency));
      amountField.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    key.current ??= newKey();
    try {
      const answer = await api.adminOrders.refund(
        { amount: minor, restock, reason },
        { params: { number: order.number }, headers: { "idempotency-key": key.current } },
      );
      key.current = null;
      setDone(`Refunded ${money(minor)}.`);
      setAmount(toDecimalString(answer.refundable));
      setRestock(false);
      setReason("");
      await revalidator.revalidate();
    } catch (err) {
      // No answer, or the processor's (503: the refund is pending): the same key again, so a
      // refund that did go through is finished, never paid twice. Any other answer is final.
      if (!(err instanceof ApiError && (err.status === 0 || err.status === 503))) {
        key.current = null;
      }
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Refund</h2>
      {order.refundedAmount > 0 ? (
        <p>
          Refunded so far: <strong>{money(order.refundedAmount)}</strong>
          {order.restocked ? " (items put back in stock)" : ""}
        </p>
      ) : null}
      {order.refundable === 0 ? (
        <p>{order.status === "paid" ? "Nothing is left to refund." : REFUND_MESSAGES.notPaid}</p>
      ) : (
        <form className="admin-refund" onSubmit={submit} noValidate>
          <div className="admin-field">
            <label htmlFor={`${id}-amount`}>
              Amount ({order.currency.toUpperCase()}), up to {money(order.refundable)}
            </label>
            <input
              ref={amountField}
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error !== null && (minor === null || minor > order.refundable)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={restock}
              disabled={order.restocked}
              onChange={(e) => setRestock(e.target.checked)}
            />{" "}
            Put the items back in stock
          </label>
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>Reason (optional)</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={REFUND_LIMITS.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {busy ? "Refunding…" : `Refund ${minor !== null && minor > 0 ? money(minor) : ""}`}
          </button>
          <ErrorAlert id={`${id}-error`} className="admin-error" message={error} />
        </form>
      )}
      <p className="admin-done" role="status">
        {done ?? ""}
      </p>
    </section>
  );
}
