// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./subscriptions.css";
import { formatMoney, type SubscriptionChange, type SubscriptionView } from "@storefront/domain";
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { variantText } from "~/components/line-items";
import { PlanLabel } from "~/components/plan-label";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import { formatLongDate } from "~/lib/format";
import type { StripeKey } from "~/lib/stripe-key";
import { CardUpdate } from "./card-update";

/** One of a subscription row's actions, described by the row's title for screen readers. */
function RowAction({
  describedBy,
  disabled,
  ref,
  onClick,
  children,
}: {
  describedBy: string;
  disabled: boolean;
  ref?: Ref<HTMLButtonElement>;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="button button-secondary"
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The account page's subscriptions, newest first; null when they could not be read. */
export function SubscriptionList({
  subscriptions,
  stripeKey = null,
}: {
  subscriptions: SubscriptionView[] | null;
  /** The store's Stripe publishable key; null with the built-in test processor. */
  stripeKey?: StripeKey | null;
}) {
  return (
    <section
      aria-labelledby="subscriptions-title"
      className="account-card subscriptions"
      id="subscriptions"
    >
      <h2 id="subscriptions-title">Subscriptions</h2>
      {subscriptions === null ? (
        <p className="inline-error" role="alert">
          Your subscriptions could not be loaded. Please try again later.
        </p>
      ) : subscriptions.length === 0 ? (
        <p className="subscriptions-empty">
          You have no subscriptions yet. Choose a &ldquo;Subscribe &amp; save&rdquo; option on a
          product page to have it delivered on a schedule, for less.
        </p>
      ) : (
        <ul className="subscription-list">
          {subscriptions.map((s) => (
            <SubscriptionRow key={s.id} initial={s} stripeKey={stripeKey} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the shopper is told once a change is made. */
const DONE: Record<SubscriptionChange["action"], (s: SubscriptionView) => string> = {
  skip: (s) => `Skipped. Your next delivery is charged on ${formatLongDate(s.next_charge_on)}.`,
  pause: () => "Paused. Nothing is charged or sent until you resume it.",
  resume: (s) => `Resumed. Your next delivery is charged on ${formatLongDate(s.next_charge_on)}.`,
  cancel: () => "Cancelled. Nothing more will be charged or sent.",
  change_plan: (s) => `Changed to “${s.subscription.label}”, from your next delivery.`,
};

/** Where the subscription stands, in a sentence. */
function standing(s: SubscriptionView): string | null {
  if (s.status === "cancelled") return "Cancelled";
  if (s.status === "paused") {
    return s.paused_reason === "payment_failed"
      ? "Paused: the last renewal could not be charged. Resume it to try again."
      : s.paused_reason === "unavailable"
        ? "Paused: this product could not be renewed. Resume it to try again."
        : s.paused_reason === "no_card"
          ? "Paused: no card is kept for its renewals. To receive it again, subscribe on the product's page."
          : "Paused";
  }
  if (s.retry_on)
    return `The last renewal did not go through. We will try again on ${formatLongDate(s.retry_on)}.`;
  return null;
}

function SubscriptionRow({
  initial,
  stripeKey,
}: {
  initial: SubscriptionView;
  stripeKey: StripeKey | null;
}) {
  const [s, setS] = useState(initial);
  const [cardOpen, setCardOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const otherPlans = s.plans.filter((p) => p.subscription_id !== s.subscription.subscription_id);
  const [plan, setPlan] = useState(otherPlans[0]?.subscription_id ?? "");
  const planSelect = useId();
  const titleId = useId();
  // A change that removes the button pressed (pause, resume, cancel) moves the focus to what it
  // says; asking "Cancel for good?" moves it to the safe answer.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  useEffect(() => {
    if (confirmCancel) keepRef.current?.focus();
  }, [confirmCancel]);
  useEffect(() => {
    if (!focusStatus) return;
    statusRef.current?.focus();
    setFocusStatus(false);
  }, [focusStatus]);

  async function change(body: SubscriptionChange) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await api.subscriptions.change(body, { params: { id: s.id } });
      setS(answer.subscription);
      setDone(DONE[body.action](answer.subscription));
      setFocusStatus(
        body.action === "pause" || body.action === "resume" || body.action === "cancel",
      );
      setConfirmCancel(false);
      const left = answer.subscription.plans.find(
        (p) => p.subscription_id !== answer.subscription.subscription.subscription_id,
      );
      setPlan(left?.subscription_id ?? "");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const state = standing(s);
  return (
    <li className="subscription-row" aria-labelledby={titleId}>
      <Link className="subscription-title" id={titleId} to={`/products/${s.handle}`}>
        {s.title}
      </Link>
      <span className="subscription-variant">{variantText(s.attributes, s.quantity)}</span>
      <PlanLabel plan={s.subscription} as="span" />
      <span className="subscription-price">
        {formatMoney(s.price * s.quantity, s.currency)} per delivery
        {s.quantity > 1 ? ` (${formatMoney(s.price, s.currency)} each)` : ""}
      </span>
      {state ? (
        <span className={`subscription-state subscription-${s.status}`}>{state}</span>
      ) : null}
      {s.status === "active" ? (
        <span className="subscription-next">
          Next charge <time dateTime={s.next_charge_on}>{formatLongDate(s.next_charge_on)}</time>
          {s.card?.last4 ? ` to your card ending ${s.card.last4}` : ""}
        </span>
      ) : null}
      {s.status !== "cancelled" ? (
        <div className="subscription-actions">
          {s.status === "active" ? (
            <>
              <RowAction
                describedBy={titleId}
                disabled={busy}
                onClick={() => change({ action: "skip" })}
              >
                Skip next delivery
              </RowAction>
              <RowAction
                describedBy={titleId}
                disabled={busy}
                onClick={() => change({ action: "pause" })}
              >
                Pause
              </RowAction>
            </>
          ) : s.paused_reason === "no_card" ? null : (
            <RowAction
              describedBy={titleId}
              disabled={busy}
              onClick={() => change({ action: "resume" })}
            >
              Resume
            </RowAction>
          )}
          {otherPlans.length > 0 ? (
            <span className="subscription-plan">
              <label htmlFor={planSelect}>Change to</label>
              <select
                id={planSelect}
                value={plan}
                disabled={busy}
                onChange={(e) => setPlan(e.target.value)}
              >
                {otherPlans.map((p) => (
                  <option key={p.subscription_id} value={p.subscription_id}>
                    {p.label}
                  </option>
                ))}
              </select>
              <RowAction
                describedBy={titleId}
                disabled={busy || plan === ""}
                onClick={() => change({ action: "change_plan", subscription_id: plan })}
              >
                Change plan
              </RowAction>
            </span>
          ) : null}
          {cardOpen ? null : (
            <RowAction
              describedBy={titleId}
              disabled={busy}
              onClick={() => {
                setCardOpen(true);
                setDone(null);
              }}
            >
              Update card
            </RowAction>
          )}
          {confirmCancel ? (
            <fieldset className="subscription-cancel">
              <legend>Cancel for good? This cannot be undone.</legend>
              <RowAction
                describedBy={titleId}
                disabled={busy}
                onClick={() => change({ action: "cancel" })}
              >
                Yes, cancel it
              </RowAction>
              <RowAction
                describedBy={titleId}
                disabled={busy}
                ref={keepRef}
                onClick={() => setConfirmCancel(false)}
              >
                Keep it
              </RowAction>
            </fieldset>
          ) : (
            <RowAction describedBy={titleId} disabled={busy} onClick={() => setConfirmCancel(true)}>
              Cancel subscription
            </RowAction>
          )}
        </div>
      ) : null}
      {cardOpen && s.status !== "cancelled" ? (
        <CardUpdate
          subscription={s}
          stripeKey={stripeKey}
          describedBy={titleId}
          onClose={() => setCardOpen(false)}
          onSaved={(updated, message) => {
            if (updated) setS(updated);
            setCardOpen(false);
            setDone(message);
            setFocusStatus(true);
          }}
        />
      ) : null}
      <p className="subscription-status" role="status" ref={statusRef} tabIndex={-1}>
        {done}
      </p>
      <ErrorAlert className="inline-error" message={error} />
    </li>
  );
}
