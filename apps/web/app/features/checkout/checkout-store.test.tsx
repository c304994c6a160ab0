import { describe, expect, it } from "vitest";
import { cartOf } from "../../../test/checkout-fixtures";
import { addressFacts, createCheckoutStore } from "./checkout-store";

const HOME = { line1: "12 Elm Street", line2: "", city: "Albany", country: "US" as const };

describe("checkout state", () => {
  it("starts from the cart's figures, so a server render shows the subtotal and total", () => {
    const store = createCheckoutStore({ cart: cartOf("usd", 8590, 1000) });
    // zustand renders its initial state on the server.
    expect(store.getInitialState()).toMatchObject({
      subtotal: 8590,
      discountAmount: 1000,
      total: 7590,
    });
  });

  it("setting submitting to true clears the submission error", () => {
    const store = createCheckoutStore();
    store.getState().setError("Your card was declined.");
    expect(store.getState().submissionError).toBe("Your card was declined.");
    store.getState().setSubmitting(true);
    expect(store.getState()).toMatchObject({ isSubmitting: true, submissionError: null });
  });

  it("setting an error clears the submitting flag", () => {
    const store = createCheckoutStore();
    store.getState().setSubmitting(true);
    store.getState().setError("Your card was declined.");
    expect(store.getState()).toMatchObject({
      isSubmitting: false,
      submissionError: "Your card was declined.",
    });
    // Setting submitting to false alone keeps the message on screen.
    store.getState().setError("Still wrong");
    store.getState().setSubmitting(false);
    expect(store.getState().submissionError).toBe("Still wrong");
  });

  it("can calculate tax once country, region and a valid postal code are known, and the address is complete with street and city too", () => {
    const none = addressFacts({ ...HOME, region: "", postalCode: "" });
    expect(none).toEqual({ canCalculateTax: false, isAddressComplete: false, fullAddress: "" });

    const badZip = addressFacts({ ...HOME, region: "NY", postalCode: "1000" });
    expect(badZip.canCalculateTax).toBe(false);

    const taxOnly = addressFacts({
      ...HOME,
      line1: " ",
      city: "",
      region: "NY",
      postalCode: "10001",
    });
    expect(taxOnly).toEqual({ canCalculateTax: true, isAddressComplete: false, fullAddress: "" });

    const full = addressFacts({ ...HOME, region: "NY", postalCode: "10001-1234" });
    expect(full).toEqual({
      canCalculateTax: true,
      isAddressComplete: true,
      fullAddress: "12 Elm Street, Albany, NY 10001-1234, United States",
    });

    // A Canadian postal code is checked as Canadian, and a US state is no province.
    expect(
      addressFacts({ ...HOME, country: "CA", region: "NY", postalCode: "K1A 0B1" }),
    ).toMatchObject({ canCalculateTax: false });
    expect(
      addressFacts({ ...HOME, country: "CA", region: "ON", postalCode: "k1a 0b1" }),
    ).toMatchObject({ canCalculateTax: true, isAddressComplete: true });
  });

  it("derives the address facts as the shopper types, and drops shipping and tax when the address stops being enough", () => {
    const store = createCheckoutStore({ cart: cartOf("usd") });
    store.getState().setAddress({ ...HOME, region: "NY", postalCode: "10001" });
    expect(store.getState()).toMatchObject({ canCalculateTax: true, isAddressComplete: true });
    const standard = {
      id: "standard",
      label: "Standard",
      amount: 800,
      estimate: "3–5 business days",
      free: false,
    };
    store.getState().applyQuote({
      currency: "usd",
      itemCount: 2,
      subtotal: 7990,
      discountAmount: 0,
      discountCode: null,
      discountPercentage: null,
      pointsUsed: 0,
      pointsDiscount: 0,
      shippingOptions: [standard],
      selectedShippingOption: standard,
      shipping: 800,
      isFreeShipping: false,
      taxLines: [{ name: "Sales tax", rate: 4000, amount: 352 }],
      taxAmount: 352,
      canCalculateTax: true,
      requiresShipping: true,
      total: 9142,
      orderNotice: null,
    });
    expect(store.getState().total).toBe(9142);
    store.getState().setAddress({ postalCode: "100" });
    expect(store.getState()).toMatchObject({
      canCalculateTax: false,
      isAddressComplete: false,
      shippingOptions: [],
      selectedShippingOption: null,
      taxAmount: 0,
      total: 7990,
    });
  });

  it("follows the cart's currency: a CAD cart ships to Canada and a US state is cleared", () => {
    const store = createCheckoutStore({ cart: cartOf("usd", 7990, 500) });
    expect(store.getState()).toMatchObject({ subtotal: 7990, discountAmount: 500, total: 7490 });
    store.getState().setAddress({ ...HOME, region: "NY", postalCode: "10001" });
    store.getState().syncCart(cartOf("cad", 10790));
    expect(store.getState()).toMatchObject({
      currency: "cad",
      subtotal: 10790,
      address: { country: "CA", region: "", postalCode: "10001", line1: "12 Elm Street" },
      canCalculateTax: false,
      total: 10790,
    });
  });

  it("takes the shopper's points off the goods when they choose to use them, and puts them back when they don't", () => {
    const store = createCheckoutStore({ cart: cartOf("usd", 7990, 500), pointsBalance: 120 });
    expect(store.getState()).toMatchObject({ usePoints: false, pointsDiscount: 0, total: 7490 });
    const attempt = store.getState().beginAttempt();
    store.getState().setUsePoints(true);
    // 120 points at 5 cents: $6.00 off $74.90, and a new payment attempt.
    expect(store.getState()).toMatchObject({ pointsUsed: 120, pointsDiscount: 600, total: 6890 });
    expect(store.getState().sessionId).not.toBe(attempt);
    // A cart worth less than the points spends only what it can take.
    store.getState().syncCart(cartOf("usd", 412));
    expect(store.getState()).toMatchObject({ pointsUsed: 82, pointsDiscount: 410, total: 2 });
    store.getState().setUsePoints(false);
    expect(store.getState()).toMatchObject({ pointsUsed: 0, pointsDiscount: 0, total: 412 });
    // Signing out (no balance) stops spending points.
    store.getState().setUsePoints(true);
    store.getState().setPointsBalance(0);
    expect(store.getState()).toMatchObject({ usePoints: false, pointsDiscount: 0, total: 412 });
  });

  it("keeps one payment attempt key until the attempt ends or anything changes", () => {
    const store = createCheckoutStore();
    const first = store.getState().beginAttempt();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(store.getState().sessionId).toBe(first);
    // A retry after a network failure repeats the same attempt.
    expect(store.getState().beginAttempt()).toBe(first);
    store.getState().endAttempt();
    const second = store.getState().beginAttempt();
    expect(second).not.toBe(first);
    store.getState().setAddress({ city: "Buffalo" });
    expect(store.getState().sessionId).toBeNull();
  });
});
