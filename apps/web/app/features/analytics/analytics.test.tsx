import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, storeInfoOf } from "../../../test/checkout-fixtures";

const Empty = () => null;

/** Renders the component from a fresh copy of its module (it keeps one tracker per page load). */
async function renderAnalytics(consent: "required" | "not_required") {
  vi.resetModules();
  const { Analytics } = await import("./analytics");
  const store = { ...storeInfoOf(null), analyticsConsent: consent };
  const router = createMemoryRouter(
    [
      {
        element: <Analytics store={store} />,
        children: [
          { path: "/products/:handle", id: "routes/product", Component: Empty },
          { path: "*", Component: Empty },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return { router, store };
}

/** Waits `ms` with React's updates applied. */
async function wait(ms: number) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

/** The visitor's first press: a new visit may start at once. */
function press() {
  fireEvent.pointerDown(document.body);
}

/** The visit's state as the tab keeps it. */
function keptState(storeId: string): { viewedPages: { path: string; timestamp: string }[] } {
  const kept = JSON.parse(sessionStorage.getItem(`sf_analytics:${storeId}`) ?? "null");
  return kept?.state ?? { viewedPages: [] };
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

  it("opens a new visit only once the page has settled, with no banner, when the store does not ask first", async () => {
    const calls = answer();
    await renderAnalytics("not_required");
    await wait(1000);
    expect(initialized(calls)).toBe(0);
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 3000 });
    expect(screen.queryByRole("region", { name: "Privacy choice" })).toBeNull();
  });

  it("opens a new visit at the visitor's first click, without waiting for the page to settle", async () => {
    const calls = answer();
    await renderAnalytics("not_required");
    await wait(50);
    press();
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 1000 });
  });

  it("goes on recording at once in a tab whose visit is already open", async () => {
    sessionStorage.setItem(
      "sf_analytics:pet-remedies",
      JSON.stringify({ sessionId: "v1", state: null }),
    );
    const calls = answer();
    await renderAnalytics("not_required");
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 1000 });
  });

  it("records every page shown before the visit opened, in order, each with when it was shown", async () => {
    answer();
    const { router, store } = await renderAnalytics("not_required");
    const before = Date.now();
    await act(() => router.navigate("/products/eat"));
    await wait(20);
    await act(() => router.navigate("/pages/about?token=secret"));
    expect(keptState(store.storeId).viewedPages).toEqual([]);
    press();
    await waitFor(() => expect(keptState(store.storeId).viewedPages).toHaveLength(3));
    const pages = keptState(store.storeId).viewedPages;
    expect(pages.map((p) => p.path)).toEqual(["/", "/products/eat", "/pages/about"]);
    const times = pages.map((p) => Date.parse(p.timestamp));
    expect(times[0]).toBeLessThanOrEqual(before);
    expect(times[1]).toBeLessThan(times[2] as number);
    expect(times[2]).toBeLessThanOrEqual(Date.now());
  });

  it("records nothing when the browser sends Global Privacy Control", async () => {
    gpc = true;
    const calls = answer();
    await renderAnalytics("not_required");
    press();
    await wait(400);
    expect(calls).toEqual([]);
  });

  it("asks first where the store requires it: nothing before Accept, nothing after Decline", async () => {
    const calls = answer();
    await renderAnalytics("required");
    const banner = await screen.findByRole("region", { name: "Privacy choice" });
    press();
    await wait(400);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(banner.isConnected).toBe(false);
    press();
    await wait(400);
    expect(calls).toEqual([]);
    expect(localStorage.getItem("sf_analytics_consent")).toBe("denied");

    // A visitor who accepts is recorded from then on (the page they accepted on, not the ones
    // before), and not asked again.
    localStorage.clear();
    const { router, store } = await renderAnalytics("required");
    await act(() => router.navigate("/products/eat"));
    press();
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await waitFor(() => expect(initialized(calls)).toBe(1), { timeout: 3000 });
    expect(localStorage.getItem("sf_analytics_consent")).toBe("granted");
    await waitFor(() => expect(keptState(store.storeId).viewedPages).toHaveLength(1));
    expect(keptState(store.storeId).viewedPages[0]?.path).toBe("/products/eat");
  });
});
