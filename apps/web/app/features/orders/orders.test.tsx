import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { bundleContentsShown } from "../../../test/bundle-fixtures";
import { OrderDetails } from "./order-details";
import { OrderHistory } from "./order-history";
import type { OrderView } from "./order-types";

const order: OrderView = {
  number: 1001,
  status: "paid",
  createdAt: "2026-11-22T10:00:00.000Z",
  paidAt: "2026-11-22T10:00:01.000Z",
  email: "robin@example.test",
  name: "Robin Meadow",
  address: {
    line1: "12 Elm Street",
    line2: "",
    city: "Albany",
    region: "NY",
    postalCode: "10001",
    country: "US",
  },
  currency: "usd",
  lines: [
    {
      sku: "EAT-1",
      handle: "eat",
      title: "Eat!",
      attributes: { "pack size": "1" },
      imageUrl: null,
      quantity: 2,
      unitPrice: 3495,
      lineTotal: 6990,
      subscription: null,
      contents: null,
    },
  ],
  subtotal: 6990,
  discountAmount: 0,
  discountCode: null,
  pointsSpent: 0,
  pointsDiscount: 0,
  requiresShipping: true,
  shippingLabel: "Standard",
  shippingAmount: 800,
  taxLines: [{ name: "Sales tax", rate: 4000, amount: 312 }],
  taxAmount: 312,
  total: 8102,
  payment: { provider: "test", cardBrand: "visa", cardLast4: "4242" },
  pointsEarned: 81,
  failureMessage: null,
  shipment: null,
};

function renderIn(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe("order confirmation", () => {
  it("thanks the buyer by first name and shows the lines, totals, address and card", () => {
    renderIn(<OrderDetails order={order} signedIn={false} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Thank you, Robin!");
    expect(screen.getByText("#1001")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Paid.");
    expect(screen.getByText("Count: Single · Qty 2")).toBeTruthy();
    expect(screen.getByText("Sales tax (4%)")).toBeTruthy();
    expect(screen.getByText("$81.02")).toBeTruthy();
    expect(screen.getByText("Visa ending in 4242")).toBeTruthy();
    expect(screen.getByText(/12 Elm Street/).textContent).toContain("Albany, NY 10001");
    // Points are shown to a signed-in buyer only.
    expect(screen.queryByText(/points/)).toBeNull();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
  });

  it("says the payment is being confirmed while it awaits the processor, and shows points when signed in", () => {
    renderIn(<OrderDetails order={{ ...order, status: "awaiting_payment" }} signedIn />);
    expect(screen.getByRole("status").textContent).toContain("We're confirming your payment…");
    expect(screen.getByText(/You will earn 81 points once the payment is confirmed/)).toBeTruthy();
  });

  it("shows what each bundle line held, two lines of one bundle apart", () => {
    const duo = {
      sku: "CALM-DUO",
      handle: "calm-comfort-duo",
      title: "Calm & Comfort Duo",
      attributes: {},
      imageUrl: null,
      quantity: 1,
      unitPrice: 6995,
      lineTotal: 6995,
      subscription: null,
    };
    const calmDown = { sku: "DRAMA-1", title: "Calm Down", attributes: { size: "2 oz" } };
    renderIn(
      <OrderDetails
        order={{
          ...order,
          lines: [
            { ...duo, contents: [{ ...calmDown, quantity: 2 }] },
            {
              ...duo,
              quantity: 2,
              lineTotal: 13990,
              contents: [
                { sku: "OUCHIE-1", title: "Ouchie", attributes: { size: "2 oz" }, quantity: 1 },
                { ...calmDown, quantity: 1 },
              ],
            },
          ],
        }}
        signedIn={false}
      />,
    );
    expect(bundleContentsShown()).toEqual([
      ["2 × Calm Down — 2 oz"],
      ["1 × Ouchie — 2 oz", "1 × Calm Down — 2 oz"],
    ]);
    expect(screen.getByText("Qty 2")).toBeTruthy();
  });
});

describe("order history", () => {
  it("lists orders with number, date, status, item count and total, each linking to its page", () => {
    renderIn(
      <OrderHistory
        orders={[
          {
            number: 1002,
            status: "awaiting_payment",
            createdAt: "2026-11-22T12:00:00.000Z",
            currency: "cad",
            total: 10790,
            itemCount: 1,
            pointsEarned: 0,
          },
          {
            number: 1001,
            status: "paid",
            createdAt: "2026-11-21T10:00:00.000Z",
            currency: "usd",
            total: 8102,
            itemCount: 2,
            pointsEarned: 81,
          },
        ]}
      />,
    );
    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole("link", { name: "Order #1002" }).getAttribute("href")).toBe(
      "/orders/1002",
    );
    expect(first.getByText("Confirming payment")).toBeTruthy();
    expect(first.getByText("1 item")).toBeTruthy();
    expect(first.getByText("CA$107.90")).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText("Nov 21, 2026")).toBeTruthy();
    expect(second.getByText("Paid")).toBeTruthy();
    expect(second.getByText("2 items")).toBeTruthy();
    expect(second.getByText("$81.02")).toBeTruthy();
  });

  it("says so when there is no order yet, or when the orders could not be read", () => {
    const { unmount } = renderIn(<OrderHistory orders={[]} />);
    expect(screen.getByText(/You haven't placed an order yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start shopping" })).toBeTruthy();
    unmount();
    renderIn(<OrderHistory orders={null} />);
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
  });
});
