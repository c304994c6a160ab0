import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountStore } from "~/features/account";
import ConfirmRegistrationPage from "./account-confirm";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const USER = {
  email: "robin@example.test",
  id: "7d1c2f8e-0000-4000-8000-000000000001",
  first_name: "Robin",
  last_name: "Meadow",
  userType: "customer",
  points_balance: 0,
  birthday: null,
  discountCode: "ROBIN7KQ2",
  discountPercentage: 10,
  commission_percentage: null,
  commission_amount: 0,
  events_triggered: [],
};

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ store: { storeId: "pet-remedies" } }),
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [
        { path: "account/confirm", Component: ConfirmRegistrationPage as never },
        { path: "account", Component: () => <h1>Your account</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

let confirmAnswer: Response;
let sent: { path: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  useAccountStore.setState({ user: null, registration: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
      if (path === "/v2/auth/register/confirm") return confirmAnswer;
      if (path === "/v2/auth/status") return json(200, { isLoggedIn: true, user: USER });
      return json(404, { error: { code: "not_found", message: "Not found" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the confirmation link's page", () => {
  it("creates the account on a click, not on load, then signs in and goes to the account page", async () => {
    confirmAnswer = json(200, {
      user: { ...USER, firstName: "Robin" },
      cartMerge: { merged: 0, notMerged: [] },
    });
    renderAt("/account/confirm?token=abc123");
    const button = await screen.findByRole("button", { name: "Confirm and sign in" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Confirm your email");
    // Opening the link sends nothing: a mail scanner that fetches it cannot spend it.
    expect(sent).toEqual([]);

    fireEvent.click(button);
    expect(await screen.findByRole("heading", { level: 1, name: "Your account" })).toBeTruthy();
    expect(sent[0]).toEqual({
      path: "/v2/auth/register/confirm",
      body: { token: "abc123", store_id: "pet-remedies" },
    });
    expect(useAccountStore.getState().user?.first_name).toBe("Robin");
  });

  it("shows the server's reason and ways on when the link is used up or expired", async () => {
    confirmAnswer = json(400, { error: { code: "invalid", message: M.confirmInvalid } });
    renderAt("/account/confirm?token=used");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(M.confirmInvalid);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/account/sign-in?next=/account",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/account/sign-in?view=register",
    );
    expect(useAccountStore.getState().user).toBeNull();
  });

  it("says the page needs the mail's link when there is no token, and cannot be sent", async () => {
    renderAt("/account/confirm");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This page needs the link from your confirmation email.",
    );
    expect(
      (screen.getByRole("button", { name: "Confirm and sign in" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
