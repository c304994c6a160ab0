import type { PlacedOrder, PlaceOrderRequest } from "@storefront/domain";
import { answerFor, holdOrder, type OrderAttempt, payHeldOrder } from "./order-attempt.ts";

/**
 * The paid path (the test processor), reserve first as on the Stripe path: one transaction writes
 * the order awaiting payment with its lines, takes their stock (guarded) and counts the code's
 * redemption (guarded); only then is the card charged, and the order completed. A shopper who
 * loses the race for the last unit is refused before any charge, so nobody is charged for stock
 * that was not there; a declined card gives the stock back at once.
 */
export async function placePaidOrder(
  attempt: OrderAttempt,
  card: PlaceOrderRequest["card"],
): Promise<PlacedOrder> {
  const { deps, owner, idempotencyKey, now } = attempt;
  const held = await holdOrder(attempt);
  if ("earlier" in held) return answerFor(deps, held.earlier, idempotencyKey, owner, card);
  return payHeldOrder(deps, held.order, idempotencyKey, card, now, held.lines);
}
