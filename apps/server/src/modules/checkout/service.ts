import {
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  type CheckoutQuoteRequest,
  type CheckoutSettings,
  type CheckoutTotals,
  checkoutTotals,
  countryOfCurrency,
  DomainError,
  NO_SHIPPING_OPTION,
  normalizeEmail,
  type OrderDraft,
  orderDraft,
  type PlaceOrderRequest,
  SUBSCRIPTION_MESSAGES,
  shippingAddressErrors,
  subscriptionNeedsAccount,
  TRADE_MESSAGES,
  tradeMinimumError,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { users } from "../accounts/index.ts";
import { type CartOwner, type CheckoutCart, readCheckoutCart, selectionOf } from "../cart/index.ts";
import { planView } from "../catalog/index.ts";
import { findOrderByKey } from "../orders/index.ts";
import type { PaymentProvider, Payments } from "../payments/index.ts";
import { getCheckoutSettings, getStripeAccount, getTradeTerms } from "../stores/index.ts";

/** What drafting an order needs: the database, and the processor that will take its payment. */
export interface DraftDeps {
  db: Database;
  provider: Pick<PaymentProvider, "name" | "account">;
}

function countryMismatch(): DomainError {
  return new DomainError("invalid", CHECKOUT_MESSAGES.countryCurrency, {
    "address.country": CHECKOUT_MESSAGES.countryCurrency,
  });
}

function totalsOf(
  cart: CheckoutCart,
  settings: CheckoutSettings,
  address: CheckoutQuoteRequest["address"] | null,
  shippingOptionId: string | null,
  buyer: Buyer,
): CheckoutTotals {
  if (address && address.country !== countryOfCurrency(cart.currency)) throw countryMismatch();
  return checkoutTotals({
    currency: cart.currency,
    subtotal: cart.subtotal,
    discount: cart.discount,
    settings,
    address: address ?? null,
    shippingOptionId,
    requiresShipping: cart.requiresShipping,
    points: { balance: buyer.points, use: buyer.points > 0 },
    taxExempt: buyer.taxExempt,
  });
}

/**
 * What the buyer brings to the order: the loyalty points they offer to spend (their balance when
 * signed in and asking to use it; a guest has none), and whether they buy at trade prices (a
 * trade account, whose cart is priced so) and tax-exempt (a trade account with a resale
 * certificate on file). Trade prices take no points.
 */
interface Buyer {
  points: number;
  trade: boolean;
  taxExempt: boolean;
}

async function buyerOf(
  db: Database,
  owner: CartOwner,
  usePoints: boolean | undefined,
): Promise<Buyer> {
  if (!owner.userId) return { points: 0, trade: false, taxExempt: false };
  const [user] = await db
    .select({
      balance: users.pointsBalance,
      userType: users.userType,
      certificate: users.resaleCertificate,
    })
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.storeId, owner.storeId)));
  const trade = user?.userType === "wholesale";
  if (trade && usePoints) {
    throw new DomainError("invalid", TRADE_MESSAGES.points, { usePoints: TRADE_MESSAGES.points });
  }
  return {
    points: usePoints ? (user?.balance ?? 0) : 0,
    trade,
    taxExempt: trade && user?.certificate != null,
  };
}

/**
 * The cart to check out. A subscription is kept on an account, so a guest whose cart holds a
 * subscription line is asked to sign in (401) before anything is quoted or charged.
 */
async function cartOrRefuse(db: Database, owner: CartOwner): Promise<CheckoutCart> {
  const cart = await readCheckoutCart(db, owner);
  if (!cart) throw new DomainError("conflict", CHECKOUT_MESSAGES.emptyCart);
  const lines = cart.lines.map((l) => ({ subscription: l.plan }));
  if (subscriptionNeedsAccount(lines, owner.userId !== null)) {
    throw new DomainError("unauthorized", SUBSCRIPTION_MESSAGES.signInToCheckout);
  }
  return cart;
}

/** What the visitor's cart would cost shipped to an address (shipping and tax once it is known). */
export async function quoteCheckout(
  db: Database,
  owner: CartOwner,
  request: CheckoutQuoteRequest,
): Promise<CheckoutQuote> {
  const [cart, settings, buyer] = await Promise.all([
    cartOrRefuse(db, owner),
    getCheckoutSettings(db, owner.storeId),
    buyerOf(db, owner, request.usePoints),
  ]);
  const totals = totalsOf(
    cart,
    settings,
    request.address ?? null,
    request.shippingOptionId ?? null,
    buyer,
  );
  const refusal = buyer.trade ? await tradeRefusal(db, owner.storeId, cart) : null;
  return {
    ...totals,
    itemCount: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
    discountCode: cart.code?.code.toUpperCase() ?? null,
    discountPercentage: cart.code?.discountPercentage ?? null,
    orderNotice: refusal?.message ?? null,
  };
}

/**
 * Why a trade account's cart cannot be ordered as it is: a personal code (applied before the
 * account became a trade account, or carried over from a guest cart), or goods below the store's
 * trade minimum; null when it can.
 */
async function tradeRefusal(
  db: Database,
  storeId: string,
  cart: CheckoutCart,
): Promise<DomainError | null> {
  if (cart.code?.affiliateUserId) return new DomainError("conflict", TRADE_MESSAGES.personalCode);
  const terms = await getTradeTerms(db, storeId);
  const short = tradeMinimumError(cart.subtotal - cart.discount, cart.currency, terms);
  return short ? new DomainError("invalid", short) : null;
}

/**
 * The owner of the cart's personal code and their commission percentage, or null without one.
 * Its owner cannot use it, signed in or checking out as a guest with their email.
 */
async function affiliateOf(
  db: Database,
  cart: CheckoutCart,
  buyer: { userId: string | null; email: string },
): Promise<{ userId: string; percentage: number } | null> {
  const affiliateId = cart.code?.affiliateUserId ?? null;
  if (!affiliateId) return null;
  const [affiliate] = await db
    .select({ percentage: users.commissionPercentage, email: users.email })
    .from(users)
    .where(and(eq(users.id, affiliateId), eq(users.storeId, cart.cart.storeId)));
  const sameMailbox =
    affiliate !== undefined && normalizeEmail(affiliate.email) === normalizeEmail(buyer.email);
  if (affiliateId === buyer.userId || sameMailbox) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.ownCode);
  }
  return { userId: affiliateId, percentage: affiliate?.percentage ?? 0 };
}

/**
 * The shipping an order asks for: the option's id when something in the cart is shipped (then a
 * street and a city are needed too; draftOrder checks the option is one offered),
 * NO_SHIPPING_OPTION when nothing is. An option named for a cart with nothing left to ship means
 * the cart changed since the shopper saw it.
 */
function shippingOf(
  cart: CheckoutCart,
  input: PlaceOrderRequest,
): string | undefined | typeof NO_SHIPPING_OPTION {
  if (!cart.requiresShipping) {
    if (input.shippingOptionId !== undefined) {
      throw new DomainError("conflict", CHECKOUT_MESSAGES.nothingToShip);
    }
    return NO_SHIPPING_OPTION;
  }
  const missing = shippingAddressErrors(input.address);
  const [first] = Object.values(missing);
  if (first !== undefined) throw new DomainError("invalid", first, missing);
  return input.shippingOptionId;
}

/**
 * The order the visitor's cart makes, recomputed on the server: refused when the code was used up
 * meanwhile, the shipping option is not one offered, or the total differs from the one shown.
 */
export async function draftOrder(
  deps: DraftDeps,
  owner: CartOwner,
  input: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<{ cart: CheckoutCart; draft: OrderDraft }> {
  const { db } = deps;
  const [cart, settings, buyer] = await Promise.all([
    cartOrRefuse(db, owner),
    getCheckoutSettings(db, owner.storeId),
    buyerOf(db, owner, input.usePoints),
  ]);
  // A code used up since it was applied no longer takes anything off: say why the total moved.
  if (cart.code && cart.code.redemptions >= cart.code.maxRedemptions) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.discountUsedUp);
  }
  const refusal = buyer.trade ? await tradeRefusal(db, owner.storeId, cart) : null;
  if (refusal) throw refusal;
  // A bundle one of whose chosen variants is gone cannot be made up as it was chosen.
  const broken = cart.lines.find((l) => l.bundle && !l.bundle.complete);
  if (broken) throw new DomainError("out_of_stock", CHECKOUT_MESSAGES.outOfStock(broken.title, 0));
  const shipping = shippingOf(cart, input);
  const totals = totalsOf(cart, settings, input.address, input.shippingOptionId ?? null, buyer);
  const selected = totals.selectedShippingOption;
  if (shipping !== NO_SHIPPING_OPTION && (!selected || selected.id !== shipping)) {
    throw new DomainError("invalid", CHECKOUT_MESSAGES.chooseShipping, {
      shippingOptionId: CHECKOUT_MESSAGES.chooseShipping,
    });
  }
  if (totals.total !== input.expectedTotal) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.totalChanged);
  }
  const draft = orderDraft({
    storeId: owner.storeId,
    idempotencyKey,
    buyer: { userId: owner.userId, email: input.email, name: input.name },
    tradePrices: buyer.trade,
    address: input.address,
    cart: {
      id: cart.cart.id,
      currency: cart.currency,
      subtotal: cart.subtotal,
      discount: cart.discount,
      code: cart.code,
      lines: cart.lines.map((l) => ({
        ...l,
        plan: l.plan ? { id: l.plan.id, terms: planView(l.plan) } : null,
        selection: selectionOf(l.bundle),
        contents:
          l.bundle?.contents.map(({ variantId, sku, title, attributes, quantity }) => ({
            variantId,
            sku,
            title,
            attributes,
            quantity,
          })) ?? null,
      })),
    },
    totals,
    shipping: selected ?? NO_SHIPPING_OPTION,
    affiliate: await affiliateOf(db, cart, { userId: owner.userId, email: input.email }),
    paymentProvider: deps.provider.name,
    paymentAccount: deps.provider.account,
  });
  return { cart, draft };
}

/**
 * The processor a checkout pays with: the store's own. A store that cannot take cards now (503:
 * no connected account) still answers the retry of an order placed before, on the account that
 * order was placed with.
 */
export async function checkoutProvider(
  db: Database,
  payments: Payments,
  storeId: string,
  idempotencyKey: string,
): Promise<PaymentProvider> {
  try {
    return payments.forStore(await getStripeAccount(db, storeId));
  } catch (err) {
    const placed = await findOrderByKey(db, storeId, idempotencyKey);
    if (!placed) throw err;
    return payments.forPayment(placed);
  }
}
