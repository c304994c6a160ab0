import type { OrderStatus, OrderView } from "@storefront/domain";

export type { OrderStatus, OrderSummary, OrderView } from "@storefront/domain";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Confirming payment",
  paid: "Paid",
  declined: "Payment declined",
  expired: "Payment not completed",
  canceled: "Canceled",
};

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa ending in 4242", or what is known of the card. */
export function cardText(payment: OrderView["payment"]): string {
  const brand = payment.cardBrand
    ? (BRANDS[payment.cardBrand.toLowerCase()] ?? payment.cardBrand)
    : "Card";
  return payment.cardLast4 ? `${brand} ending in ${payment.cardLast4}` : brand;
}
