import {
  type CartView,
  type CheckoutQuote,
  COUNTRY_NAMES,
  type Currency,
  canCalculateTax,
  checkoutTotal,
  countryOfCurrency,
  isRegionOf,
  type OrderAddress,
  pointsRedemption,
  type ShippingOption,
  type TaxLine,
} from "@storefront/domain";
import { createStore, type StoreApi } from "zustand/vanilla";

/** The shipping address as the form holds it (PlaceOrderSchema's `address`). */
export type CheckoutAddress = OrderAddress;

/** The spec's checkout state; each field is explained where it is declared. */
export interface CheckoutState {
  currency: Currency;
  /** Goods before discount, from the cart and then from each quote. */
  subtotal: number;
  discountAmount: number;
  discountPercentage: number | null;
  discountCode: string | null;
  /** Why the order cannot be placed as it is, from the last quote (a trade minimum); else null. */
  orderNotice: string | null;
  /** The signed-in shopper's loyalty points (0 for a guest), as the page last knew them. */
  pointsBalance: number;
  /** The shopper chose to spend their points on this order (sent as `usePoints`). */
  usePoints: boolean;
  /** The points spent and what they take off: worked out here, then as the last quote said. */
  pointsUsed: number;
  pointsDiscount: number;
  /** The quote's options for the address; empty until `canCalculateTax`. */
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shipping: number;
  isFreeShipping: boolean;
  taxLines: TaxLine[];
  taxAmount: number;
  /** What the shopper pays, and the `expectedTotal` sent with the order. */
  total: number;
  /**
   * The current payment attempt, sent as the Idempotency-Key. Kept to retry the same attempt
   * after a network failure; null after a refusal or any change, so the next click is a new one.
   */
  sessionId: string | null;
  /** Stripe's client secret for the order being paid (Stripe mode only). */
  clientSecret: string | null;
  email: string;
  name: string;
  address: CheckoutAddress;
  /** The address on one line, shown as "Ships to" once complete (empty with nothing to ship). */
  fullAddress: string;
  /**
   * Street, city, region and a valid postal code (only the region and postal code when nothing
   * is shipped): the order can be placed.
   */
  isAddressComplete: boolean;
  /** Something in the cart is shipped: the street address and a shipping method are asked. */
  requiresShipping: boolean;
  /** Country, region and a valid postal code: shipping and tax can be quoted. */
  canCalculateTax: boolean;
  /** A quote for the current address is awaited: the totals are not final, Pay waits. */
  isTaxCalculating: boolean;
  isSubmitting: boolean;
  submissionError: string | null;

  /** Takes the cart's currency (the country follows it), subtotal and discount. */
  syncCart(cart: CartView): void;
  setContact(contact: { email?: string; name?: string }): void;
  /** The signed-in shopper's balance (0 on sign-out, which also stops spending points). */
  setPointsBalance(balance: number): void;
  setUsePoints(use: boolean): void;
  setAddress(patch: Partial<CheckoutAddress>): void;
  selectShippingOption(id: string): void;
  applyQuote(quote: CheckoutQuote): void;
  setTaxCalculating(calculating: boolean): void;
  /** true clears `submissionError` (spec section 4). */
  setSubmitting(submitting: boolean): void;
  /** Shows an error and clears `isSubmitting` (spec section 4). */
  setError(message: string | null): void;
  /** The attempt's key: the kept one when retrying, else a new one. */
  beginAttempt(): string;
  /** Ends the attempt: the next click gets a new key. */
  endAttempt(): void;
  setClientSecret(clientSecret: string | null): void;
}

export type CheckoutStore = StoreApi<CheckoutState>;

const EMPTY_ADDRESS: CheckoutAddress = {
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "US",
};

/** The address-derived fields: one rule for the form, the summary and the tests. */
export function addressFacts(
  address: CheckoutAddress,
  requiresShipping = true,
): Pick<CheckoutState, "fullAddress" | "isAddressComplete" | "canCalculateTax"> {
  const taxable = canCalculateTax(address);
  const hasStreet = address.line1.trim() !== "" && address.city.trim() !== "";
  const isAddressComplete = taxable && (hasStreet || !requiresShipping);
  const fullAddress =
    isAddressComplete && requiresShipping
      ? [
          address.line1.trim(),
          address.line2.trim(),
          address.city.trim(),
          `${address.region} ${address.postalCode.trim().toUpperCase()}`,
          COUNTRY_NAMES[address.country],
        ]
          .filter((part) => part !== "")
          .join(", ")
      : "";
  return { fullAddress, isAddressComplete, canCalculateTax: taxable };
}

/** Shipping and tax as they are before any quote for the address. */
const UNQUOTED = {
  shippingOptions: [],
  selectedShippingOption: null,
  shipping: 0,
  isFreeShipping: false,
  taxLines: [],
  taxAmount: 0,
} satisfies Partial<CheckoutState>;

/**
 * The points spent on goods costing `afterDiscount`, as the page works them out while it waits
 * for a quote (the server's rule, pointsRedemption; the quote has the last word).
 */
function pointsFor(
  state: Pick<CheckoutState, "usePoints" | "pointsBalance">,
  afterDiscount: number,
): Pick<CheckoutState, "pointsUsed" | "pointsDiscount"> {
  return state.usePoints
    ? pointsRedemption(state.pointsBalance, afterDiscount)
    : { pointsUsed: 0, pointsDiscount: 0 };
}

/** A new id for a payment attempt (16–100 of [A-Za-z0-9_-], as the Idempotency-Key wants). */
function newAttemptId(): string {
  return crypto.randomUUID();
}

/**
 * What the cart decides: its currency (and so the country), subtotal and discount. A complete
 * address keeps its last quote's shipping and tax until the next one.
 */
function fromCart(state: CheckoutState, cart: CartView): Partial<CheckoutState> {
  const country = countryOfCurrency(cart.currency);
  const address =
    country === state.address.country
      ? state.address
      : {
          ...state.address,
          country,
          region: isRegionOf(country, state.address.region) ? state.address.region : "",
        };
  const requiresShipping = cart.cartItems.some((l) => l.requires_shipping);
  const facts = addressFacts(address, requiresShipping);
  const quoted = facts.canCalculateTax;
  const unquoted = quoted ? {} : { ...UNQUOTED, isTaxCalculating: false };
  const goods = checkoutTotal({
    subtotal: cart.subtotal,
    discount: cart.discount,
    shipping: 0,
    taxAmount: 0,
  });
  const { discountAmount } = goods;
  const points = pointsFor(state, goods.total);
  const { total } = checkoutTotal({
    subtotal: cart.subtotal,
    discount: cart.discount,
    pointsDiscount: points.pointsDiscount,
    shipping: quoted ? state.shipping : 0,
    taxAmount: quoted ? state.taxAmount : 0,
  });
  return {
    currency: cart.currency,
    subtotal: cart.subtotal,
    discountAmount,
    ...points,
    discountCode: cart.activeDiscount?.code.toUpperCase() ?? null,
    discountPercentage: cart.activeDiscount?.discount_percentage ?? null,
    address,
    requiresShipping,
    ...facts,
    ...unquoted,
    total,
  };
}

/**
 * The points and total after the balance or the choice to spend it changed: the last quote's
 * shipping and tax stay on screen (a new quote is on its way) and the attempt starts afresh.
 */
function withPoints(state: CheckoutState): Partial<CheckoutState> {
  const afterDiscount = state.subtotal - state.discountAmount;
  const points = pointsFor(state, afterDiscount);
  const { total } = checkoutTotal({
    subtotal: state.subtotal,
    discount: state.discountAmount,
    pointsDiscount: points.pointsDiscount,
    shipping: state.shipping,
    taxAmount: state.taxAmount,
  });
  return { ...points, total, sessionId: null };
}

/**
 * One checkout's state. The page makes one per browser tab (kept across page changes, so what
 * was typed survives a trip to the cart) and one per server render, never a shared one.
 */
export function createCheckoutStore(
  init: { cart?: CartView | null; email?: string; name?: string; pointsBalance?: number } = {},
): CheckoutStore {
  const store = createStore<CheckoutState>()((set, get) => {
    const initial: CheckoutState = {
      currency: "usd",
      subtotal: 0,
      discountAmount: 0,
      discountPercentage: null,
      discountCode: null,
      orderNotice: null,
      pointsBalance: init.pointsBalance ?? 0,
      usePoints: false,
      pointsUsed: 0,
      pointsDiscount: 0,
      ...UNQUOTED,
      total: 0,
      sessionId: null,
      clientSecret: null,
      email: init.email ?? "",
      name: init.name ?? "",
      address: EMPTY_ADDRESS,
      requiresShipping: true,
      ...addressFacts(EMPTY_ADDRESS),
      isTaxCalculating: false,
      isSubmitting: false,
      submissionError: null,

      syncCart(cart) {
        set(fromCart(get(), cart));
      },
      setContact(contact) {
        set({ ...contact, sessionId: null });
      },
      setPointsBalance(pointsBalance) {
        set({ pointsBalance, ...(pointsBalance > 0 ? {} : { usePoints: false }) });
        set(withPoints(get()));
      },
      setUsePoints(usePoints) {
        set({ usePoints });
        set(withPoints(get()));
      },
      setAddress(patch) {
        const address = { ...get().address, ...patch };
        const facts = addressFacts(address, get().requiresShipping);
        // A changed but still complete address keeps the last quote on screen while the next one
        // is awaited (isTaxCalculating); an incomplete one has no shipping or tax to show.
        const unquoted = facts.canCalculateTax
          ? {}
          : {
              ...UNQUOTED,
              total: checkoutTotal({
                subtotal: get().subtotal,
                discount: get().discountAmount,
                pointsDiscount: get().pointsDiscount,
                shipping: 0,
                taxAmount: 0,
              }).total,
              isTaxCalculating: false,
            };
        set({ address, ...facts, ...unquoted, sessionId: null });
      },
      selectShippingOption(id) {
        const option = get().shippingOptions.find((o) => o.id === id);
        if (option) set({ selectedShippingOption: option, sessionId: null });
      },
      applyQuote(quote) {
        set({
          currency: quote.currency,
          subtotal: quote.subtotal,
          discountAmount: quote.discountAmount,
          discountCode: quote.discountCode?.toUpperCase() ?? null,
          discountPercentage: quote.discountPercentage,
          orderNotice: quote.orderNotice,
          pointsUsed: quote.pointsUsed,
          pointsDiscount: quote.pointsDiscount,
          shippingOptions: quote.shippingOptions,
          selectedShippingOption: quote.selectedShippingOption,
          shipping: quote.shipping,
          isFreeShipping: quote.isFreeShipping,
          taxLines: quote.taxLines,
          taxAmount: quote.taxAmount,
          total: quote.total,
          isTaxCalculating: false,
          requiresShipping: quote.requiresShipping,
          ...addressFacts(get().address, quote.requiresShipping),
        });
      },
      setTaxCalculating(calculating) {
        set({ isTaxCalculating: calculating });
      },
      setSubmitting(submitting) {
        set(submitting ? { isSubmitting: true, submissionError: null } : { isSubmitting: false });
      },
      setError(message) {
        set({ submissionError: message, isSubmitting: false });
      },
      beginAttempt() {
        const kept = get().sessionId;
        if (kept) return kept;
        const id = newAttemptId();
        set({ sessionId: id });
        return id;
      },
      endAttempt() {
        set({ sessionId: null, clientSecret: null });
      },
      setClientSecret(clientSecret) {
        set({ clientSecret });
      },
    };
    // The cart's figures are part of the initial state: a server render shows the initial state.
    return init.cart ? { ...initial, ...fromCart(initial, init.cart) } : initial;
  });
  return store;
}
