import type { BundleContent } from "./bundle.ts";
import { commissionEarned } from "./checkout.ts";
import type { CheckoutTotals, ShippingOption, TaxLine } from "./checkout-schema.ts";
import type { Currency } from "./money.ts";
import type { OrderAddress } from "./order-schema.ts";
import type { SubscriptionPlan } from "./subscription-schema.ts";

/** A line as the order freezes it. */
export interface OrderLineDraft {
  variantId: string;
  productId: string;
  sku: string;
  handle: string;
  title: string;
  attributes: Record<string, string>;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  /** A subscription line's plan and its terms as they are now; null for a one-time purchase. */
  planId: string | null;
  subscription: SubscriptionPlan | null;
  /** A bundle line's chosen variants (ids, sorted): with the variant, what names the line. */
  selection: string[];
  /** What one of a bundle line holds, as it was; null for any other line. */
  contents: OrderBundleContent[] | null;
}

/** One variant of an order's bundle line: what its stock is taken from. */
export interface OrderBundleContent extends BundleContent {
  variantId: string;
}

/** Everything an order is made of before it exists, as the orders table stores it. */
export interface OrderDraft {
  storeId: string;
  idempotencyKey: string;
  userId: string | null;
  /** The cart it was placed from; null for a renewal. */
  cartId: string | null;
  email: string;
  name: string;
  address: OrderAddress;
  currency: Currency;
  subtotal: number;
  discountAmount: number;
  discountCodeId: string | null;
  discountCode: string | null;
  /** The loyalty points the buyer spends, and what they take off the goods. */
  pointsSpent: number;
  pointsDiscount: number;
  affiliateUserId: string | null;
  commissionAmount: number;
  /** Bought by a trade account at trade prices: it earns no loyalty points. */
  tradePrices: boolean;
  shippingOptionId: string;
  shippingLabel: string;
  shippingAmount: number;
  taxLines: TaxLine[];
  taxAmount: number;
  total: number;
  paymentProvider: "test" | "stripe";
  /** The store's connected Stripe account the payment is made on; null: none (test, platform). */
  paymentAccount: string | null;
  /** The payment keeps the card: the order starts subscriptions, renewed off-session. */
  savesPaymentMethod: boolean;
  /** The subscription a renewal order renews; null for an order placed at checkout. */
  renewalOf: string | null;
  lines: OrderLineDraft[];
}

/** A priced line of the cart being checked out. */
export interface OrderDraftCartLine
  extends Pick<
    OrderLineDraft,
    | "variantId"
    | "productId"
    | "sku"
    | "handle"
    | "title"
    | "attributes"
    | "quantity"
    | "selection"
    | "contents"
  > {
  imageUrls: readonly string[];
  /** The unit price in the cart's currency (a subscription line's: the plan's price). */
  price: number;
  /** The plan's id and its terms as they are now; null for a one-time purchase. */
  plan: { id: string; terms: SubscriptionPlan } | null;
}

/** What an order is drafted from: the priced cart, its totals, and what the shopper gave. */
export interface OrderDraftInput {
  storeId: string;
  idempotencyKey: string;
  buyer: { userId: string | null; email: string; name: string };
  /** The buyer is a trade account, and the cart's prices are trade prices. */
  tradePrices?: boolean;
  address: OrderAddress;
  cart: {
    id: string;
    currency: Currency;
    /** The cart rules' subtotal and discount (the commission's base). */
    subtotal: number;
    discount: number;
    code: { id: string; code: string } | null;
    lines: readonly OrderDraftCartLine[];
  };
  totals: Pick<
    CheckoutTotals,
    | "subtotal"
    | "discountAmount"
    | "pointsUsed"
    | "pointsDiscount"
    | "shipping"
    | "taxLines"
    | "taxAmount"
    | "total"
  >;
  /** The shipping option the shopper chose among those offered. */
  shipping: Pick<ShippingOption, "id" | "label">;
  /** The owner of the cart's personal code and their commission percentage; null without one. */
  affiliate: { userId: string; percentage: number } | null;
  paymentProvider: "test" | "stripe";
  paymentAccount: string | null;
}

/**
 * The order a checkout places, prices frozen: each line keeps its unit price and plan terms as
 * they are now, the totals are the ones the shopper was shown, the code is kept upper-case, and
 * the code's owner earns a commission on what the buyer pays for the goods (after the discount
 * and the points spent).
 * @example orderDraft({ ...input, affiliate: { userId: "u1", percentage: 10 } }).commissionAmount // 10 % of subtotal − discount − points, rounded down
 */
export function orderDraft(input: OrderDraftInput): OrderDraft {
  const { cart, totals, shipping, affiliate, buyer } = input;
  return {
    storeId: input.storeId,
    idempotencyKey: input.idempotencyKey,
    userId: buyer.userId,
    cartId: cart.id,
    email: buyer.email,
    name: buyer.name,
    address: input.address,
    currency: cart.currency,
    subtotal: totals.subtotal,
    discountAmount: totals.discountAmount,
    discountCodeId: cart.code?.id ?? null,
    discountCode: cart.code?.code.toUpperCase() ?? null,
    pointsSpent: totals.pointsUsed,
    pointsDiscount: totals.pointsDiscount,
    affiliateUserId: affiliate?.userId ?? null,
    commissionAmount: affiliate
      ? commissionEarned(
          cart.subtotal - cart.discount - totals.pointsDiscount,
          affiliate.percentage,
        )
      : 0,
    tradePrices: input.tradePrices ?? false,
    shippingOptionId: shipping.id,
    shippingLabel: shipping.label,
    shippingAmount: totals.shipping,
    taxLines: totals.taxLines,
    taxAmount: totals.taxAmount,
    total: totals.total,
    paymentProvider: input.paymentProvider,
    paymentAccount: input.paymentAccount,
    savesPaymentMethod: buyer.userId !== null && cart.lines.some((l) => l.plan !== null),
    renewalOf: null,
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      productId: l.productId,
      sku: l.sku,
      handle: l.handle,
      title: l.title,
      attributes: l.attributes,
      imageUrl: l.imageUrls[0] ?? null,
      quantity: l.quantity,
      unitPrice: l.price,
      planId: l.plan?.id ?? null,
      subscription: l.plan?.terms ?? null,
      selection: l.selection,
      contents: l.contents,
    })),
  };
}
