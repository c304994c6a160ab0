import { CHECKOUT_MESSAGES } from "@storefront/domain";
import { useNavigate } from "react-router";
import { refreshSignedInUser, useAccountUser } from "~/features/account";
import { useCartStore } from "~/features/cart";
import {
  buildOrder,
  type CardInput,
  CHECK_FIELDS_MESSAGE,
  DECLINED_NEXT_STEP,
  fieldKey,
  orderPath,
  placeOrder,
} from "./checkout-api";
import { useCheckoutStore } from "./checkout-context";
import type { PaymentReadiness } from "./payment";

/**
 * Pay: check the fields with the server's schema, place the order with the attempt's
 * Idempotency-Key, confirm it with Stripe when that is the processor, then show the order.
 * A refusal keeps everything typed; what follows each answer is decided here.
 */
export function usePlaceOrder({
  card,
  readiness,
  requote,
  onFieldErrors,
  onDeclined,
}: {
  /** The test processor's card; ignored with Stripe. */
  card: CardInput;
  readiness: PaymentReadiness;
  requote(): void;
  /** The refused fields by key (`address.postalCode`, `card.expiry`); {} clears them. */
  onFieldErrors(fields: Record<string, string>): void;
  /** The card was declined: the shopper will try another. */
  onDeclined(): void;
}): () => Promise<void> {
  const store = useCheckoutStore();
  const loadCart = useCartStore((s) => s.load);
  const navigate = useNavigate();
  const signedIn = useAccountUser() !== null;

  async function showOrder(number: number, accessKey: string) {
    store.getState().endAttempt();
    await navigate(orderPath(number, accessKey));
    store.getState().setSubmitting(false);
    // The server emptied the cart when the order was placed, and spent or credited points.
    await Promise.all([loadCart(), signedIn ? refreshSignedInUser() : undefined]);
  }

  return async function pay() {
    const state = store.getState();
    // A second click while the first is under way does nothing (the button is disabled too).
    if (state.isSubmitting || state.isTaxCalculating || readiness.status !== "ready") return;
    const stripe = readiness.stripe;
    const order = buildOrder(state, stripe ? null : card);
    if (!order.ok) {
      onFieldErrors(order.fields);
      state.setError(CHECK_FIELDS_MESSAGE);
      return;
    }
    onFieldErrors({});
    state.setSubmitting(true);
    if (stripe) {
      const refused = await stripe.prepare();
      if (refused) {
        state.setError(refused);
        return;
      }
    }
    const outcome = await placeOrder(order.body, state.beginAttempt());
    const after = store.getState();
    switch (outcome.kind) {
      case "paid":
        await showOrder(outcome.number, outcome.accessKey);
        return;
      case "awaiting_payment": {
        after.setClientSecret(outcome.clientSecret);
        const returnUrl = `${window.location.origin}${orderPath(outcome.number, outcome.accessKey)}`;
        const refused = stripe
          ? await stripe.confirm(outcome.clientSecret, returnUrl)
          : CHECKOUT_MESSAGES.cardUnavailable;
        if (refused) {
          // The attempt's key is kept: paying again with another card confirms the same order
          // and PaymentIntent instead of holding the stock a second time.
          after.setError(refused);
          return;
        }
        await showOrder(outcome.number, outcome.accessKey);
        return;
      }
      case "declined":
        after.endAttempt();
        after.setError(`${outcome.message} ${DECLINED_NEXT_STEP}`);
        onDeclined();
        return;
      case "changed":
        // Stock, discount, cart or total changed: show the cart and totals as they are now.
        after.endAttempt();
        after.setError(outcome.message);
        void loadCart();
        requote();
        return;
      case "invalid":
        after.endAttempt();
        onFieldErrors(
          Object.fromEntries(Object.entries(outcome.fields).map(([k, v]) => [fieldKey(k), v])),
        );
        after.setError(outcome.message);
        return;
      case "retry":
        // The attempt's key is kept: pressing Pay again repeats the same attempt.
        after.setError(outcome.message);
        return;
      case "refused":
        after.endAttempt();
        after.setError(outcome.message);
        return;
    }
  };
}
