import {
  type CheckoutSettings,
  checkoutTotals,
  NO_SHIPPING_OPTION,
  type OrderDraft,
  subscriptionPrice,
} from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import { users } from "../accounts/index.ts";
import { products, sellingPrice, variantPrices, variants } from "../catalog/index.ts";
import { orders } from "../orders/index.ts";
import type { SubscriptionRow } from "./service.ts";

/**
 * The order of one renewal try: the subscription's variant and quantity at the plan's price as
 * it is now in the subscription's currency, shipped as the first order was (its address and
 * shipping option, or the store's first option when that one is no longer offered), with tax as
 * at checkout (none for a trade account with a resale certificate). Null when the product is no
 * longer sold (unpublished, deleted, or not priced in the currency).
 */
export async function renewalDraft(
  tx: Transaction,
  sub: SubscriptionRow,
  idempotencyKey: string,
  settings: CheckoutSettings,
  payment: { provider: "test" | "stripe"; account: string | null },
): Promise<OrderDraft | null> {
  const [buyer] = await tx
    .select({
      email: users.email,
      userType: users.userType,
      certificate: users.resaleCertificate,
    })
    .from(users)
    .where(eq(users.id, sub.userId));
  // A trade account renews at its trade price, as it bought (and earns no points on it).
  const trade = buyer?.userType === "wholesale";
  const [item] = sub.variantId
    ? await tx
        .select({
          variant: variants,
          product: products,
          amount: sellingPrice(sql`${trade}::boolean`),
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .innerJoin(
          variantPrices,
          and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, sub.currency)),
        )
        .where(
          and(
            eq(variants.id, sub.variantId),
            eq(variants.storeId, sub.storeId),
            eq(products.published, true),
          ),
        )
    : [];
  const [first] = await tx.select().from(orders).where(eq(orders.id, sub.orderId));
  if (!item || item.amount === null || !first || !buyer) return null;
  const unitPrice = subscriptionPrice(item.amount, sub.discountPercentage);
  const subtotal = unitPrice * sub.quantity;
  const requiresShipping = item.variant.requiresShipping;
  const totals = checkoutTotals({
    currency: sub.currency,
    subtotal,
    discount: 0,
    settings,
    address: first.address,
    shippingOptionId: first.shippingOptionId,
    requiresShipping,
    taxExempt: trade && buyer.certificate != null,
  });
  const shipping = requiresShipping ? totals.selectedShippingOption : NO_SHIPPING_OPTION;
  if (!shipping) return null;
  return {
    storeId: sub.storeId,
    idempotencyKey,
    userId: sub.userId,
    cartId: null,
    email: buyer.email,
    name: first.name,
    address: first.address,
    currency: sub.currency,
    subtotal,
    discountAmount: 0,
    discountCodeId: null,
    discountCode: null,
    pointsSpent: 0,
    pointsDiscount: 0,
    affiliateUserId: null,
    commissionAmount: 0,
    tradePrices: trade,
    shippingOptionId: shipping.id,
    shippingLabel: shipping.label,
    shippingAmount: totals.shipping,
    taxLines: totals.taxLines,
    taxAmount: totals.taxAmount,
    total: totals.total,
    paymentProvider: payment.provider,
    paymentAccount: payment.account,
    savesPaymentMethod: false,
    renewalOf: sub.id,
    lines: [
      {
        variantId: item.variant.id,
        productId: item.product.id,
        sku: item.variant.sku,
        handle: item.product.handle,
        title: item.product.title,
        attributes: item.variant.attributes,
        imageUrl: item.variant.imageUrls[0] ?? null,
        quantity: sub.quantity,
        unitPrice,
        planId: sub.planId,
        subscription: {
          subscription_id: sub.planCode,
          label: sub.planLabel,
          interval: sub.interval,
          interval_count: sub.intervalCount,
          discount_percentage: sub.discountPercentage,
        },
        selection: [],
        contents: null,
      },
    ],
  };
}
