import type { CheckoutTotals, Country, TaxLine } from "./checkout.ts";
import type { Currency } from "./money.ts";
import type { SubscriptionPlan } from "./subscription.ts";

/**
 * An order's life: `awaiting_payment` holds its stock until paid or released; `paid` is final;
 * `declined`, `expired` and `canceled` gave their stock back.
 */
export type OrderStatus = "awaiting_payment" | "paid" | "declined" | "expired" | "canceled";

export const ORDER_MESSAGES = {
  notFound: "Order not found",
  /** Why an unpaid order ended: the shopper started a newer checkout of the same cart. */
  replaced: "Replaced by a newer checkout of the cart.",
  /** Why an unpaid order ended: its 30-minute hold passed. */
  holdExpired: "The payment was not completed within 30 minutes.",
  /** A payment that arrived after the hold expired, when the stock was gone. */
  refundedNoStock: "The items were no longer in stock when the payment arrived; it was refunded.",
  /** A payment that arrived for an order already canceled. */
  refundedCanceled: "The order had been canceled; the payment was refunded.",
} as const;

/** The shipping address of an order (and of the checkout form). */
export interface OrderAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: Country;
}

/** POST /api/checkout/quote: the cart's totals shipped to an address. */
export interface CheckoutQuote extends CheckoutTotals {
  itemCount: number;
  discountCode: string | null;
  discountPercentage: number | null;
}

/** GET /api/orders/{number}: an order as its buyer reads it; prices as they were when placed. */
export interface OrderView {
  number: number;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  email: string;
  name: string;
  address: OrderAddress;
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
