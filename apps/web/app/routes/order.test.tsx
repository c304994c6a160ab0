import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OrderView } from "~/features/orders";
import OrderPage, { ORDER_REFRESH_MS } from "./order";

const awaiting: OrderView = {
  number: 1007,
  status: "awaiting_payment",
  createdAt: "2026-11-22T10:00:00.000Z",
  paidAt: null,
  email: "sam@example.test",
  name: "Sam Lark",
  address: {
    line1: "24 Sussex Drive",
    line2: "",
    city: "Ottawa",
    region: "ON",
    postalCode: "K1A 0B1",
    country: "CA",
  },
  currency: "cad",
  lines: [],
  subtotal: 4995,
  discountAmount: 0,
  discountCode: null,
  pointsSpent: 0,
  pointsDiscount: 0,
  requiresShipping: true,
  shippingLabel: "Standard",
  shippingAmount: 1295,
  taxLines: [{ name: "HST", rate: 13000, amount: 818 }],
  taxAmount: 818,
  total: 7108,
  payment: { provider: "stripe", cardBrand: null, cardLast4: null },
  pointsEarned: 71,
  failureMessage: null,
  shipment: null,
};

describe("order page", () => {
  it("asks again every few seconds while the payment is being confirmed, until it is paid", async () => {
    const answers: OrderView[] = [
      awaiting,
      {
        ...awaiting,
        status: "paid",
        payment: { provider: "stripe", cardBrand: "visa", cardLast4: "4242" },
      },
    ];
    let reads = 0;
    const Stub = createRoutesStub([
      {
        path: "/orders/:number",
        // The page's component as React Router renders it, with its loader's data.
        Component: OrderPage as never,
        loader: () => ({ order: answers[Math.min(reads++, answers.length - 1)] }),
      },
    ]);
    render(<Stub initialEntries={["/orders/1007?key=abc"]} />);
    expect((await screen.findByRole("status")).textContent).toContain(
      "We're confirming your payment…",
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Thank you, Sam!");
    await screen.findByText("Paid.", {}, { timeout: ORDER_REFRESH_MS * 3 });
    expect(screen.getByText("Visa ending in 4242")).toBeTruthy();
    const readsWhenPaid = reads;
    await new Promise((resolve) => setTimeout(resolve, ORDER_REFRESH_MS + 500));
    expect(reads).toBe(readsWhenPaid);
  }, 20_000);
});
