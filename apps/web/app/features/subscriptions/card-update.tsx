import { type SubscriptionView, TestCardSchema } from "@storefront/domain";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import type { StripeKey } from "~/lib/stripe-key";
import {
  type CardInput,
  cardFieldError,
  EMPTY_CARD,
  parseExpiry,
  TestCardFields,
} from "../checkout";

// Stripe's code is fetched only when a shopper of a store with Stripe keys replaces a card.
const StripeCardSetup = lazy(() => import("./stripe-card-setup"));

/**
 * A new card for a subscription's renewals: the test processor's card fields (the card is kept at
 * once), or Stripe's secure form on a SetupIntent (kept when Stripe confirms it). Answers the
 * subscription as it is then, and what to tell the shopper.
 */
export function CardUpdate({
  subscription,
  stripeKey,
  describedBy,
  onSaved,
  onClose,
}: {
  subscription: SubscriptionView;
  stripeKey: StripeKey | null;
  describedBy: string;
  onSaved(subscription: SubscriptionView | null, message: string): void;
  onClose(): void;
}) {
  const title = useId();
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // With Stripe, the SetupIntent is asked for as the form opens.
  useEffect(() => {
    if (stripeKey === null) return;
    let current = true;
    api.subscriptions
      .replaceCard({}, { params: { id: subscription.id } })
      .then((answer) => current && setClientSecret(answer.clientSecret))
      .catch((err: unknown) => {
        if (current) setError(err instanceof ApiError ? err.message : "Please try again.");
      });
    return () => {
      current = false;
    };
  }, [stripeKey, subscription.id]);

  async function saveTestCard() {
    const expiry = parseExpiry(card.expiry);
    const parsed = TestCardSchema.safeParse({
      number: card.number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: card.cvc,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const field of ["number", "expiry", "cvc"] as const) {
        const message = cardFieldError(field, card);
        if (message) found[`card.${field}`] = message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.subscriptions.replaceCard(
        { card: parsed.data },
        { params: { id: subscription.id } },
      );
      const kept = answer.subscription.card;
      onSaved(
        answer.subscription,
        `Card saved${kept?.last4 ? `: ending ${kept.last4}` : ""}. Renewals are charged to it.${
          subscription.status === "paused" && answer.subscription.status === "active"
            ? " Your subscription is active again."
            : ""
        }`,
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card-update" aria-labelledby={title}>
      <h3 id={title} ref={heading} tabIndex={-1}>
        New card for renewals
      </h3>
      {stripeKey === null ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void saveTestCard();
          }}
        >
          <TestCardFields
            card={card}
            errors={errors}
            onChange={setCard}
            onBlur={(field) => {
              const message = cardFieldError(field, card);
              setErrors(({ [`card.${field}`]: _gone, ...rest }) =>
                message ? { ...rest, [`card.${field}`]: message } : rest,
              );
            }}
          />
          <div className="subscription-actions">
            <button type="submit" className="button" disabled={busy} aria-describedby={describedBy}>
              Save card
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      ) : (
        <>
          {clientSecret ? (
            <Suspense fallback={<p className="checkout-hint">Loading the secure card form…</p>}>
              <StripeCardSetup
                stripeKey={stripeKey}
                clientSecret={clientSecret}
                onDone={(failure) =>
                  failure
                    ? setError(failure)
                    : onSaved(
                        null,
                        "Your new card is confirmed. Renewals are charged to it once your bank confirms it to us, in a moment.",
                      )
                }
              />
            </Suspense>
          ) : null}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
        </>
      )}
      <ErrorAlert className="inline-error" message={error} />
    </section>
  );
}
