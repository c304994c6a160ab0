import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCartStore } from "./cart-store";
import { NotMergedNotice } from "./not-merged-notice";

describe("lines that could not merge at sign-in", () => {
  it("are listed with the reason until dismissed", () => {
    useCartStore.setState({
      notMerged: [
        {
          sku: "DRAMA-1",
          title: "No More Drama",
          quantity: 5,
          message: "You can have at most 19 of one item in your cart.",
        },
      ],
    });
    const { container } = render(<NotMergedNotice />);
    expect(screen.getByRole("status").textContent).toContain(
      "No More Drama × 5: You can have at most 19 of one item in your cart.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(container.textContent).toBe("");
    expect(useCartStore.getState().notMerged).toEqual([]);
  });
});
