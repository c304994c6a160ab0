import { RECOVERY_MESSAGES } from "@storefront/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCartStore } from "~/features/cart";
import { cartOf } from "../../test/checkout-fixtures";
import CartRecoverPage from "./cart-recover";
import EmailUnsubscribePage from "./email-unsubscribe";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [
        { path: "cart/recover", Component: CartRecoverPage as never },
        { path: "email/unsubscribe", Component: EmailUnsubscribePage as never },
        { path: "cart", Component: () => <h1>Your cart</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

let answers: Record<string, Response>;
let sent: { path: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  answers = {};
  useCartStore.setState({ cart: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
      return answers[path] ?? json(200, cartOf("usd"));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the cart reminder's pages", () => {
  it("restores the cart only when asked (a mail scanner opening the link spends nothing), then shows it", async () => {
    renderAt("/cart/recover?token=tok-123");
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Restore my cart" }));
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    expect(sent[0]).toEqual({ path: "/api/cart/recover", body: { token: "tok-123" } });
    expect(useCartStore.getState().cart?.cartItems).toHaveLength(1);
  });

  it("says when the link is used up or expired, and keeps the visitor on the page", async () => {
    answers["/api/cart/recover"] = json(400, {
      error: { code: "invalid", message: RECOVERY_MESSAGES.linkInvalid },
    });
    renderAt("/cart/recover?token=old");
    fireEvent.click(screen.getByRole("button", { name: "Restore my cart" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RECOVERY_MESSAGES.linkInvalid);
  });

  it("stops the reminders with one click and says so", async () => {
    answers["/api/email/unsubscribe"] = json(200, {
      message: RECOVERY_MESSAGES.unsubscribed("Pawsome Herbals"),
    });
    renderAt("/email/unsubscribe?token=sig");
    fireEvent.click(screen.getByRole("button", { name: "Stop cart reminders" }));
    expect((await screen.findByRole("status")).textContent).toContain(
      RECOVERY_MESSAGES.unsubscribed("Pawsome Herbals"),
    );
    expect(sent[0]).toEqual({ path: "/api/email/unsubscribe", body: { token: "sig" } });
  });
});
