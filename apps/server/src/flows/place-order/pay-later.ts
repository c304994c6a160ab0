import type { PlacedOrder } from "@storefront/domain";
import { orderAccessKey, orderView } from "../../modules/orders/index.ts";
import {
  answerFor,
  attachPayment,
  holdOrder,
  intentRequest,
  type OrderAttempt,
  viaProvider,
} from "./order-attempt.ts";

/**
 * The held path (Stripe): the order awaits payment holding its stock for 30 minutes (holdOrder);
 * then the provider makes the PaymentIntent the browser confirms, and its webhook completes the
 * order.
 */
export async function placeHeldOrder(attempt: OrderAttempt): Promise<PlacedOrder> {
  const { deps, owner, idempotencyKey } = attempt;
  const { provider } = deps;
  // A shopper who changed the checkout pays for a new order: the cart's older, unpaid ones give
  // their stock back, and their PaymentIntents are cancelled.
  const held = await holdOrder(attempt);
  if ("earlier" in held) return answerFor(deps, held.earlier, idempotencyKey, owner);
  const { order } = held;
  for (const old of held.released) {
    if (!old.paymentReference) continue;
    const reference = old.paymentReference;
    await Promise.resolve()
      .then(() => deps.payments.forPayment(old).cancel(reference, `order-${old.id}-cancel`))
      .catch(() => undefined /* a payment already completed is refunded by its webhook */);
  }
  // A failure here leaves the order held without a payment: retrying with the same key asks
  // again under the order's fixed key, and the sweeper releases it after 30 minutes otherwise.
  const charge = await viaProvider(deps, () => provider.charge(intentRequest(order)));
  if (charge.status !== "requires_confirmation") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment to confirm`);
  }
  const attached = await attachPayment(deps, order, charge.reference);
  return {
    status: "awaiting_payment",
    order: orderView(attached, held.lines),
    accessKey: orderAccessKey(order.id, idempotencyKey),
    clientSecret: charge.clientSecret,
  };
}
