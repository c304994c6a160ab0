import type { Country, Currency, SubscriptionPlan, TaxLine } from "@storefront/domain";

export type OrderStatus = "awaiting_payment" | "paid" | "declined" | "expired" | "canceled";

/** GET /api/orders/{number}: an order as its buyer reads it. */
export interface OrderView {
  number: number;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  email: string;
  name: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    region: string;
    postalCode: string;
    country: Country;
  };
  currency: Currency;
  lines: {
    sku: string;
    handle: string;
    title: string;
    attributes: Record<string, string>;
    imageUrl: string | null;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    /** The plan a subscription line was bought on; null for a one-time purchase. */
    subscription: SubscriptionPlan | null;
  }[];
  subtotal: number;
  discountAmount: number;
  discountCode: string | null;
  shippingLabel: string;
  shippingAmount: number;
  taxLines: TaxLine[];
  taxAmount: number;
  total: number;
  payment: { provider: "test" | "stripe"; cardBrand: string | null; cardLast4: string | null };
  pointsEarned: number;
  failureMessage: string | null;
}

/** One row of GET /api/account/orders. */
export interface OrderSummary {
  number: number;
  status: OrderStatus;
  createdAt: string;
  currency: Currency;
  total: number;
  itemCount: number;
  pointsEarned: number;
}

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
