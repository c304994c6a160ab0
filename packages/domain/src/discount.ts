import type { Currency } from "./money.ts";

/**
 * Every text the discount-code calls answer. A used-up code has one text, whether it is refused
 * when applied to the cart or found used up at payment (CHECKOUT_MESSAGES.discountUsedUp).
 */
export const DISCOUNT_MESSAGES = {
  notFound: "Discount code not found",
  usedUp: "This discount code has reached its redemption limit",
  ownCode: "Your personal code is for the friends you share it with",
  expired: "This discount code has expired",
  oncePerCustomer: "This discount code can be used once per customer, and you have used it",
  notInCurrency: (currency: Currency) =>
    `This discount code cannot be used with ${currency.toUpperCase()} prices`,
} as const;
