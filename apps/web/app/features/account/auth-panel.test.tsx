import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountStore } from "./account-store";
import { AUTH_TITLES, AuthPanel } from "./auth-panel";

/** The panel with its title, as the account modal shows it, under a root that names the store. */
function Panel() {
  const [view, setView] = useState<keyof typeof AUTH_TITLES>("register");
  return (
    <>
      <h2>{AUTH_TITLES[view]}</h2>
      <AuthPanel view={view} onViewChange={setView} onDone={() => {}} />
    </>
  );
}

function renderPanel() {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ store: { storeId: "pet-remedies" } }),
      Component: Panel,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

let sent: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  useAccountStore.setState({ registration: null, user: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, body: JSON.parse(String(init.body ?? "{}")) });
      if (path === "/v2/auth/register") {
        return json(202, { success: true, message: M.registrationRequested });
      }
      if (path === "/v2/auth/login") {
        return json(401, { error: { code: "unauthorized", message: M.loginFailed } });
      }
      return json(404, { error: { code: "not_found", message: "no" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("creating an account", () => {
  it("shows 'Check your email' with the server's text and the address instead of signing in", async () => {
    renderPanel();
    await screen.findByRole("heading", { name: "Create an account" });
    type("First name *", "Robin");
    type("Last name *", "Meadow");
    type("Email *", " Robin@Example.test ");
    type(/^Password/, "first-Secret-passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(M.registrationRequested);
    expect(screen.getByText("robin@example.test").tagName).toBe("STRONG");
    expect(sent).toEqual([
      {
        path: "/v2/auth/register",
        body: {
          first_name: "Robin",
          last_name: "Meadow",
          // The email input trims; the server lower-cases.
          email: "Robin@Example.test",
          password: "first-Secret-passphrase",
          store_id: "pet-remedies",
        },
      },
    ]);
    // No one is signed in: the account exists once the mail's link is opened.
    expect(useAccountStore.getState().user).toBeNull();

    // 'Send the form again' brings the form back.
    fireEvent.click(screen.getByRole("button", { name: "send the form again" }));
    expect(await screen.findByRole("heading", { name: "Create an account" })).toBeTruthy();
  });

  it("adds 'open the link first' to a failed sign-in with the address just registered, and only then", async () => {
    renderPanel();
    await screen.findByRole("heading", { name: "Create an account" });
    type("First name *", "Robin");
    type("Last name *", "Meadow");
    type("Email *", "robin@example.test");
    type(/^Password/, "first-Secret-passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    fireEvent.click(await screen.findByRole("button", { name: "Back to sign in" }));

    type("Email *", "ROBIN@example.test");
    type("Password *", "first-Secret-passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      `${M.loginFailed} ${M.confirmFirst}`,
    );

    type("Email *", "someone.else@example.test");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(M.loginFailed));
  });
});
