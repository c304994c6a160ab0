import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, storeInfoOf } from "../../../test/checkout-fixtures";

/** Renders the component from a fresh copy of its module (it keeps one tracker per page load). */
async function renderAnalytics(consent: "required" | "not_required") {
  vi.resetModules();
  const { Analytics } = await import("./analytics");
  const store = { ...storeInfoOf(null), analyticsConsent: consent };
  const router = createMemoryRouter([{ path: "*", element: <Analytics store={store} /> }], {
    initialEntries: ["/"],
  });
  render(<RouterProvider router={router} />);
}

/** Lets the idle callback and the tracker's chunk run. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

const initialized = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === "/metrics/initialize").length;

describe("visit analytics", () => {
  let gpc: boolean | undefined;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    gpc = undefined;
    Object.defineProperty(navigator, "globalPrivacyControl", {
      configurable: true,
      get: () => gpc,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answer = () =>
    fakeApi((call) =>
      call.path === "/metrics/initialize"
        ? {
            status: 200,
            body: { session_id: "v1", started_at: "2026-11-26T10:00:00Z", created: false },
          }
        : { status: 204, body: null },
    );

  it("opens the visit after the page is up, with no banner, when the store does not ask first", async () => {
    const calls = answer();
    await renderAnalytics("not_required");
    expect(initialized(calls)).toBe(0);
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 3000 });
    expect(screen.queryByRole("region", { name: "Privacy choice" })).toBeNull();
  });

  it("records nothing when the browser sends Global Privacy Control", async () => {
    gpc = true;
    const calls = answer();
    await renderAnalytics("not_required");
    await settle();
    expect(calls).toEqual([]);
  });

  it("asks first where the store requires it: nothing before Accept, nothing after Decline", async () => {
    const calls = answer();
    await renderAnalytics("required");
    const banner = await screen.findByRole("region", { name: "Privacy choice" });
    await settle();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(banner.isConnected).toBe(false);
    await settle();
    expect(calls).toEqual([]);
    expect(localStorage.getItem("sf_analytics_consent")).toBe("denied");

    // A visitor who accepts is recorded from then on, and not asked again.
    localStorage.clear();
    await renderAnalytics("required");
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 3000 });
    expect(localStorage.getItem("sf_analytics_consent")).toBe("granted");
  });
});
