import { CARD_MESSAGES, CHECKOUT_MESSAGES, type StoreInfo } from "@storefront/domain";
import { loadStripe } from "@stripe/stripe-js/pure";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AccountUser, useAccountStore } from "~/features/account";
import { useCartStore } from "~/features/cart";
import { duoCart } from "../../../test/bundle-fixtures";
import {
  type ApiCall,
  cartOf,
  fakeApi,
  quoteFor,
  storeInfoOf,
} from "../../../test/checkout-fixtures";
import { CHECK_FIELDS_MESSAGE, DECLINED_NEXT_STEP, NETWORK_MESSAGE } from "./checkout-api";
import { CheckoutPage } from "./checkout-page";
import { createCheckoutStore } from "./checkout-store";
import { QUOTE_DEBOUNCE_MS } from "./use-quote";

// Stripe.js is fetched from Stripe's CDN; here it fails to load, as it does offline.
vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error("Failed to load Stripe.js"))),
}));

const DECLINED = { error: { code: "payment_declined", message: "Your card was declined." } };

function renderCheckout({
  stripeKey = null,
  cardPayments,
}: {
  stripeKey?: string | null;
  cardPayments?: StoreInfo["cardPayments"];
} = {}) {
  const checkout = createCheckoutStore({ cart: useCartStore.getState().cart });
  const router = createMemoryRouter(
    [
      {
        path: "/checkout",
        element: (
          <CheckoutPage storeInfo={storeInfoOf(stripeKey, cardPayments)} checkoutStore={checkout} />
        ),
      },
      { path: "/orders/:number", element: <h1>Order confirmation</h1> },
    ],
    { initialEntries: ["/checkout"] },
  );
  render(<RouterProvider router={router} />);
  return { checkout, router };
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillContactAndStreet() {
  type(/^Email/, "robin@example.test");
  type(/^Full name/, "Robin Meadow");
  type(/^Street address/, "12 Elm Street");
  type(/^City/, "Albany");
}

function fillCard(number = "4242 4242 4242 4242") {
  type(/^Card number/, number);
  type(/^Expiry/, "12/39");
  type(/^CVC/, "123");
}

/** Waits past the quote's pause with React's updates flushed. */
async function pause(ms = QUOTE_DEBOUNCE_MS + 200) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

const quotes = (calls: ApiCall[]) => calls.filter((c) => c.path === "/api/checkout/quote");
const orders = (calls: ApiCall[]) => calls.filter((c) => c.path === "/api/checkout");
const payButton = () => screen.getByRole("button", { name: /^Pay / });

/** The address is complete and quoted; the Pay button shows the quoted total. */
async function readyToPay() {
  fillContactAndStreet();
  fireEvent.change(screen.getByLabelText(/^State/), { target: { value: "NY" } });
  type(/^ZIP code/, "10001");
  await screen.findByRole("radio", { name: /Standard/ });
  fillCard();
}

beforeEach(() => {
  useCartStore.setState({ cart: cartOf("usd"), error: null, drawerOpen: false });
  useAccountStore.setState({ user: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkout page", () => {
  it("shows an empty state with a way back to the shop, not a form, when the cart is empty", () => {
    useCartStore.setState({ cart: { ...cartOf("usd"), cartItems: [], itemCount: 0 } });
    renderCheckout();
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
  });

  it("lists a bundle line's contents in the order summary", () => {
    useCartStore.setState({ cart: duoCart() });
    renderCheckout();
    const summary = within(screen.getByRole("region", { name: "Order summary" }));
    const [twoCalm, mixed] = summary.getAllByRole("list", { name: "In this bundle" });
    expect(twoCalm?.textContent).toBe("2 × Calm Down — 2 oz");
    expect(
      within(mixed as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1 × Ouchie — 2 oz", "1 × Calm Down — 2 oz"]);
  });

  it("fills in a signed-in shopper's name and email", () => {
    useAccountStore.setState({
      user: { first_name: "Riley", last_name: "Brook", email: "demo@pawsome.test" } as AccountUser,
    });
    renderCheckout();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("demo@pawsome.test");
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe("Riley Brook");
  });

  it("lets a signed-in shopper spend their points: the summary shows what they take off and the order asks for them", async () => {
    useAccountStore.setState({
      user: {
        first_name: "Riley",
        last_name: "Brook",
        email: "demo@pawsome.test",
        points_balance: 120,
      } as AccountUser,
    });
    const calls = fakeApi((call) => {
      if (call.path === "/api/checkout/quote") {
        const body = call.body as { usePoints?: boolean };
        return { status: 200, body: quoteFor(7990, undefined, "usd", body.usePoints ? 120 : 0) };
      }
      return { status: 500, body: {} };
    });
    renderCheckout();
    const choice = screen.getByRole("checkbox", { name: /Use my 120 points \(worth \$6\.00\)/ });
    expect(screen.queryByText("Points (120)")).toBeNull();
    fireEvent.click(choice);
    // At once, before any quote: $79.90 − $6.00.
    expect(screen.getByText("Points (120)")).toBeTruthy();
    expect(screen.getByText("−$6.00")).toBeTruthy();
    expect(payButton().textContent).toBe("Pay $73.90");
    await readyToPay();
    await pause();
    expect(quotes(calls).at(-1)?.body).toMatchObject({ usePoints: true });
    const quoted = quoteFor(7990, undefined, "usd", 120);
    expect(payButton().textContent).toBe(`Pay $${(quoted.total / 100).toFixed(2)}`);
    fireEvent.click(payButton());
    await waitFor(() => expect(orders(calls)).toHaveLength(1));
    expect(orders(calls)[0]?.body).toMatchObject({ usePoints: true, expectedTotal: quoted.total });
    // Unticked, the points stay in the account.
    fireEvent.click(choice);
    expect(screen.queryByText("Points (120)")).toBeNull();
  });

  it("offers a trade account no points: they do not apply to trade prices", async () => {
    useAccountStore.setState({
      user: {
        first_name: "Jordan",
        last_name: "Reyes",
        email: "trade@pawsome.test",
        userType: "wholesale",
        points_balance: 120,
      } as AccountUser,
    });
    fakeApi(() => ({ status: 200, body: quoteFor(7990) }));
    renderCheckout();
    expect(payButton()).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: /Use my 120 points/ })).toBeNull();
  });

  it("says before paying why a trade order cannot be placed yet, as the quote tells it", async () => {
    const notice =
      "Trade orders start at $250.00 before shipping and tax: add $170.10 more to place this one.";
    fakeApi(() => ({ status: 200, body: { ...quoteFor(7990), orderNotice: notice } }));
    renderCheckout();
    await readyToPay();
    await waitFor(() => expect(screen.getByText(notice)).toBeTruthy());
  });

  it("quotes shipping and tax only once country, state and a valid ZIP code are known", async () => {
    const calls = fakeApi((call) => ({
      status: 200,
      body: quoteFor(7990, (call.body as { shippingOptionId?: string }).shippingOptionId),
    }));
    renderCheckout();
    fillContactAndStreet();
    fireEvent.change(screen.getByLabelText(/^State/), { target: { value: "NY" } });
    type(/^ZIP code/, "1000");
    await pause();
    expect(quotes(calls)).toEqual([]);
    expect(screen.getByText(/Enter your state and ZIP code to see shipping options/)).toBeTruthy();
    expect(payButton().textContent).toBe("Pay $79.90");

    // Leaving a wrong ZIP code says what is wrong, in the domain's words.
    fireEvent.blur(screen.getByLabelText(/^ZIP code/));
    expect(screen.getByText("Enter a valid ZIP code (e.g. 10001 or 10001-1234)")).toBeTruthy();

    type(/^ZIP code/, "10001");
    // While the quote is awaited the totals say so and Pay waits.
    const calculating = screen.getByRole("button", {
      name: "Calculating tax…",
    }) as HTMLButtonElement;
    expect(calculating.disabled).toBe(true);
    await screen.findByRole("radio", { name: /Standard/ });
    expect(quotes(calls)).toHaveLength(1);
    expect(quotes(calls)[0]?.body).toEqual({
      address: { country: "US", region: "NY", postalCode: "10001" },
    });
    expect(screen.getByText("Sales tax (4%)")).toBeTruthy();
    // $79.90 + $8.00 shipping + 4 % tax ($3.52) = $91.42
    expect(payButton().textContent).toBe("Pay $91.42");
    expect(screen.getByText(/12 Elm Street, Albany, NY 10001, United States/)).toBeTruthy();

    // The street is not a tax input: no new quote. A shipping choice is: quoted with it.
    type(/^Apartment/, "Apt 4");
    await pause();
    expect(quotes(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole("radio", { name: /Express/ }));
    await waitFor(() => expect(payButton().textContent).toBe("Pay $101.82"));
    expect(quotes(calls).at(-1)?.body).toMatchObject({ shippingOptionId: "express" });
  });

  it("shows the schema's messages for what is missing and sends no order", async () => {
    const calls = fakeApi(() => ({ status: 500, body: {} }));
    renderCheckout();
    type(/^Card number/, "4242 4242 4242 4241");
    fireEvent.blur(screen.getByLabelText(/^Card number/));
    expect(screen.getByText(CARD_MESSAGES.number)).toBeTruthy();
    fireEvent.click(payButton());
    expect(screen.getByRole("alert").textContent).toBe(CHECK_FIELDS_MESSAGE);
    expect(screen.getByText("Enter your full name")).toBeTruthy();
    expect(screen.getByText("Enter your street address")).toBeTruthy();
    // Every card field says what is wrong at once, not one message per try.
    expect(screen.getByText(CARD_MESSAGES.number)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiry)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvc)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(orders(calls)).toEqual([]);
  });

  it("a declined card shows the processor's message, keeps what was typed, and the retry is a new attempt", async () => {
    const calls = fakeApi((call) =>
      call.path === "/api/checkout"
        ? { status: 402, body: DECLINED }
        : { status: 200, body: quoteFor(7990) },
    );
    const { checkout } = renderCheckout();
    await readyToPay();
    fireEvent.click(payButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`Your card was declined. ${DECLINED_NEXT_STEP}`);
    expect(checkout.getState()).toMatchObject({ isSubmitting: false, sessionId: null });
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^Street address/) as HTMLInputElement).value).toBe(
      "12 Elm Street",
    );
    expect((screen.getByLabelText(/^Expiry/) as HTMLInputElement).value).toBe("12/39");

    fillCard("4000 0000 0000 0002");
    // Another card: the decline was about the last one.
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(payButton());
    await waitFor(() => expect(orders(calls)).toHaveLength(2));
    const [first, second] = orders(calls);
    expect(first?.headers["Idempotency-Key"]).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(second?.headers["Idempotency-Key"]).not.toBe(first?.headers["Idempotency-Key"]);
    expect(first?.body).toMatchObject({
      email: "robin@example.test",
      name: "Robin Meadow",
      address: {
        line1: "12 Elm Street",
        city: "Albany",
        region: "NY",
        postalCode: "10001",
        country: "US",
      },
      shippingOptionId: "standard",
      expectedTotal: 9142,
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 39, cvc: "123" },
    });
    await screen.findByRole("alert");
  });

  it("sends one order for a double click, and repeats the same attempt after a network failure", async () => {
    let network = true;
    let release: () => void = () => {};
    const calls = fakeApi(async (call) => {
      if (call.path !== "/api/checkout") return { status: 200, body: quoteFor(7990) };
      if (network) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return "network";
      }
      return { status: 402, body: DECLINED };
    });
    renderCheckout();
    await readyToPay();
    fireEvent.click(payButton());
    fireEvent.click(screen.getByRole("button", { name: "Processing payment…" }));
    expect(orders(calls)).toHaveLength(1);
    expect(
      (screen.getByRole("button", { name: "Processing payment…" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => release());
    expect((await screen.findByRole("alert")).textContent).toBe(NETWORK_MESSAGE);

    network = false;
    fireEvent.click(payButton());
    await screen.findByText(`Your card was declined. ${DECLINED_NEXT_STEP}`);
    const [first, retry] = orders(calls);
    expect(retry?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);
  });

  it("a total that changed is quoted again and the message shown", async () => {
    let changed = true;
    const calls = fakeApi((call) => {
      if (call.path === "/api/checkout" && changed) {
        changed = false;
        return {
          status: 409,
          body: { error: { code: "conflict", message: CHECKOUT_MESSAGES.totalChanged } },
        };
      }
      if (call.path === "/api/cart") return { status: 200, body: cartOf("usd") };
      return { status: 200, body: quoteFor(7990) };
    });
    renderCheckout();
    await readyToPay();
    fireEvent.click(payButton());
    expect((await screen.findByRole("alert")).textContent).toBe(CHECKOUT_MESSAGES.totalChanged);
    await waitFor(() => expect(quotes(calls)).toHaveLength(2));
    expect(calls.some((c) => c.path === "/api/cart")).toBe(true);
  });

  it("a paid order opens its confirmation page and the cart is read again", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/api/checkout") {
        return {
          status: 200,
          body: { status: "paid", order: { number: 1001 }, accessKey: "k-3J9x_Q" },
        };
      }
      if (call.path === "/api/cart")
        return { status: 200, body: { ...cartOf("usd"), cartItems: [], itemCount: 0 } };
      return { status: 200, body: quoteFor(7990) };
    });
    const { router } = renderCheckout();
    await readyToPay();
    fireEvent.click(payButton());
    await screen.findByRole("heading", { name: "Order confirmation" });
    expect(router.state.location.pathname).toBe("/orders/1001");
    expect(router.state.location.search).toBe("?key=k-3J9x_Q");
    await waitFor(() => expect(useCartStore.getState().cart?.itemCount).toBe(0));
    expect(calls.filter((c) => c.path === "/api/cart")).toHaveLength(1);
  });

  it("choosing Canada switches the cart to CAD, says so, and quotes again for a province", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/api/cart/currency") return { status: 200, body: cartOf("cad", 9390) };
      return { status: 200, body: quoteFor(9390, undefined, "cad") };
    });
    renderCheckout();
    fillContactAndStreet();
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: "CA" } });
    const note = await screen.findByRole("status");
    expect(note.textContent).toContain("Orders to Canada are paid in Canadian dollars (CAD)");
    expect(calls.find((c) => c.path === "/api/cart/currency")?.body).toEqual({ currency: "cad" });
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe("CA");
    expect(payButton().textContent).toBe("Pay CA$93.90");
    fireEvent.change(screen.getByLabelText(/^Province/), { target: { value: "ON" } });
    type(/^Postal code/, "K1A 0B1");
    await screen.findByRole("radio", { name: /Standard/ });
    expect(quotes(calls)[0]?.body).toEqual({
      address: { country: "CA", region: "ON", postalCode: "K1A 0B1" },
    });
  });

  it("when Stripe cannot be loaded, only a warning is logged and card payment is unavailable", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderCheckout({ stripeKey: "pk_test_123" });
    expect((await screen.findByRole("alert")).textContent).toBe(CHECKOUT_MESSAGES.cardUnavailable);
    expect(warn).toHaveBeenCalled();
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    // No card fields of the test processor in Stripe mode.
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    expect(within(document.body).queryByText(/TEST MODE/)).toBeNull();
  });

  it("loads Stripe.js on the store's own connected account", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderCheckout({ stripeKey: "pk_test_123" });
    await screen.findByRole("alert");
    expect(loadStripe).toHaveBeenCalledWith("pk_test_123", { stripeAccount: "acct_1Store" });
  });

  it("says a store that cannot take cards yet cannot, offers no card form, and does not let the order be paid", async () => {
    renderCheckout({ cardPayments: "unavailable" });
    expect((await screen.findByRole("alert")).textContent).toBe(CHECKOUT_MESSAGES.cardNotSetUp);
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    expect(within(document.body).queryByText(/TEST MODE/)).toBeNull();
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
