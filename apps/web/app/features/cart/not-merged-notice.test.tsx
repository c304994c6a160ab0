import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCartStore } from "./cart-store";
import { NotMergedNotice } from "./not-merged-notice";

describe("lines that could not merge at sign-in", () => {
  it("are listed with the reason and a subscription line's plan until dismissed", () => {
    useCartStore.setState({
      notMerged: [
        {
          sku: "DRAMA-1",
          title: "No More Drama",
          quantity: 5,
          subscription: null,
          message: "You can have at most 19 of one item in your cart.",
        },
        {
          sku: "DRAMA-1",
          title: "No More Drama",
          quantity: 2,
          subscription: { subscription_id: "monthly", label: "Deliver every month" },
          message: "Requested quantity exceeds available stock",
        },
      ],
    });
    const { container } = render(<NotMergedNotice />);
    expect(screen.getByRole("status").textContent).toContain(
      "No More Drama × 5: You can have at most 19 of one item in your cart.",
    );
    expect(screen.getByRole("status").textContent).toContain(
      "No More Drama (Subscription Deliver every month) × 2: Requested quantity exceeds available stock",
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(container.textContent).toBe("");
    expect(useCartStore.getState().notMerged).toEqual([]);
  });
});
