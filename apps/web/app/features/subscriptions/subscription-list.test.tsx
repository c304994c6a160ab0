import { CARD_MESSAGES, type SubscriptionView } from "@storefront/domain";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/checkout-fixtures";
import { everyTwoMonths, monthly as monthlyPlan } from "../../../test/plan-fixtures";
import { SubscriptionList } from "./subscription-list";

const monthly: SubscriptionView = {
  id: "5b0c0a8e-0000-4000-8000-000000000001",
  status: "active",
  sku: "ITCHY-1",
  handle: "itchy-scratchy",
  title: "Itchy Scratchy",
  attributes: { "pack size": "1" },
  image_url: null,
  quantity: 2,
  price: 3596,
  currency: "usd",
  subscription: monthlyPlan,
  plans: [monthlyPlan, everyTwoMonths],
  paused_reason: null,
  next_charge_on: "2026-12-22",
  retry_on: null,
  card: { brand: "visa", last4: "4242" },
  order_number: 1001,
  created_at: "2026-11-22T10:00:00.000Z",
};

function renderList(subscriptions: SubscriptionView[] | null) {
  render(
    <MemoryRouter>
      <SubscriptionList subscriptions={subscriptions} />
    </MemoryRouter>,
  );
  return screen.getByRole("region", { name: "Subscriptions" });
}

describe("the account's subscriptions", () => {
  it("show the product, plan, quantity, price per delivery and next charge date in long form", () => {
    const section = renderList([monthly]);
    const [row] = within(section).getAllByRole("listitem");
    if (!row) throw new Error("no row");
    expect(within(row).getByRole("link", { name: "Itchy Scratchy" }).getAttribute("href")).toBe(
      "/products/itchy-scratchy",
    );
    expect(row.textContent).toContain("Count: Single · Qty 2");
    expect(row.textContent).toContain("Deliver every month · Subscribe & save 10%");
    expect(row.textContent).toContain("$71.92 per delivery ($35.96 each)");
    const next = within(row).getByText("December 22, 2026");
    expect(next.getAttribute("datetime")).toBe("2026-12-22");
  });

  it("say there are none yet", () => {
    expect(renderList([]).textContent).toContain("You have no subscriptions yet.");
  });

  it("say when they could not be loaded", () => {
    renderList(null);
    expect(screen.getByRole("alert").textContent).toContain(
      "Your subscriptions could not be loaded.",
    );
  });
});

/** Clicks, then lets the API's answer arrive and the row show it. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe("changing a subscription", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The API answers each change with the subscription as the server would make it. */
  function serverWith(
    change: (body: {
      action: string;
      subscription_id?: string;
    }) => Partial<SubscriptionView> | number,
  ) {
    return fakeApi((call) => {
      const result = change(call.body as { action: string });
      return typeof result === "number"
        ? {
            status: result,
            body: { error: { code: "conflict", message: "This subscription is paused already." } },
          }
        : { status: 200, body: { subscription: { ...monthly, ...result } } };
    });
  }

  it("skips the next delivery and says when the next charge is", async () => {
    const calls = serverWith(() => ({ next_charge_on: "2027-01-22" }));
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Skip next delivery" }));
    expect(calls).toMatchObject([
      {
        method: "PATCH",
        path: `/api/account/subscriptions/${monthly.id}`,
        body: { action: "skip" },
      },
    ]);
    expect(within(row).getByRole("status").textContent).toBe(
      "Skipped. Your next delivery is charged on January 22, 2027.",
    );
    expect(within(row).getByText("January 22, 2027").getAttribute("datetime")).toBe("2027-01-22");
  });

  it("pauses, then offers to resume", async () => {
    serverWith((body) =>
      body.action === "pause"
        ? { status: "paused", paused_reason: "shopper" }
        : { status: "active", next_charge_on: "2026-12-30" },
    );
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Pause" }));
    expect(within(row).queryByRole("button", { name: "Skip next delivery" })).toBeNull();
    // The button pressed is gone: the focus is on what the change says.
    expect(document.activeElement).toBe(within(row).getByRole("status"));
    expect(row.textContent).toContain("Paused");
    await click(within(row).getByRole("button", { name: "Resume" }));
    expect(within(row).getByRole("status").textContent).toBe(
      "Resumed. Your next delivery is charged on December 30, 2026.",
    );
  });

  it("says a renewal that failed paused it, and offers to resume", () => {
    const failed = {
      ...monthly,
      status: "paused" as const,
      paused_reason: "payment_failed" as const,
    };
    const other = within(renderList([failed])).getAllByRole("listitem")[0] as HTMLElement;
    expect(other.textContent).toContain("Paused: the last renewal could not be charged.");
    expect(within(other).getByRole("button", { name: "Resume" })).toBeTruthy();
  });

  it("says a subscription with no card kept cannot be resumed, and offers no Resume", () => {
    const noCard = {
      ...monthly,
      status: "paused" as const,
      paused_reason: "no_card" as const,
      card: null,
    };
    const row = within(renderList([noCard])).getAllByRole("listitem")[0] as HTMLElement;
    expect(row.textContent).toContain("Paused: no card is kept for its renewals.");
    expect(within(row).queryByRole("button", { name: "Resume" })).toBeNull();
    expect(within(row).getByRole("button", { name: "Cancel subscription" })).toBeTruthy();
  });

  it("says when a renewal that did not go through is tried again", () => {
    const retrying = { ...monthly, retry_on: "2026-12-25" };
    const row = within(renderList([retrying])).getAllByRole("listitem")[0] as HTMLElement;
    expect(row.textContent).toContain(
      "The last renewal did not go through. We will try again on December 25, 2026.",
    );
  });

  it("cancels only once the shopper confirms, and then offers nothing more", async () => {
    const calls = serverWith(() => ({ status: "cancelled" }));
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Cancel subscription" }));
    expect(calls).toEqual([]);
    const keep = within(row).getByRole("button", { name: "Keep it" });
    expect(document.activeElement).toBe(keep);
    await click(within(row).getByRole("button", { name: "Yes, cancel it" }));
    expect(calls).toMatchObject([{ body: { action: "cancel" } }]);
    expect(within(row).queryAllByRole("button")).toEqual([]);
    expect(within(row).getByRole("status").textContent).toBe(
      "Cancelled. Nothing more will be charged or sent.",
    );
  });

  it("changes to another of the product's plans", async () => {
    const calls = serverWith(() => ({
      subscription: { ...(monthly.plans[1] as SubscriptionView["subscription"]) },
      price: 3795,
    }));
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    const select = within(row).getByLabelText("Change to");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Deliver every 2 months"]);
    await click(within(row).getByRole("button", { name: "Change plan" }));
    expect(calls).toMatchObject([
      { body: { action: "change_plan", subscription_id: "every-2-months" } },
    ]);
    expect(within(row).getByRole("status").textContent).toBe(
      "Changed to “Deliver every 2 months”, from your next delivery.",
    );
    expect(row.textContent).toContain("$75.90 per delivery");
  });

  it("shows the server's refusal and keeps the subscription as it was", async () => {
    serverWith(() => 409);
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Pause" }));
    expect(within(row).getByRole("alert").textContent).toBe("This subscription is paused already.");
    expect(within(row).getByRole("button", { name: "Skip next delivery" })).toBeTruthy();
  });
});

describe("a new card for the renewals (test processor)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const type = (row: HTMLElement, label: RegExp, value: string) =>
    fireEvent.change(within(row).getByLabelText(label), { target: { value } });

  it("keeps a new card, says so, and makes a subscription paused by declines active again", async () => {
    const paused = {
      ...monthly,
      status: "paused" as const,
      paused_reason: "payment_failed" as const,
    };
    const calls = fakeApi(() => ({
      status: 200,
      body: {
        clientSecret: null,
        subscription: { ...monthly, card: { brand: "mastercard", last4: "4444" } },
      },
    }));
    const row = within(renderList([paused])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Update card" }));
    const form = within(row).getByRole("region", { name: "New card for renewals" });
    expect(document.activeElement).toBe(within(form).getByRole("heading"));
    type(form, /^Card number/, "5555555555554444");
    type(form, /^Expiry/, "0831");
    type(form, /^CVC/, "321");
    await click(within(form).getByRole("button", { name: "Save card" }));
    expect(calls).toMatchObject([
      {
        method: "POST",
        path: `/api/account/subscriptions/${monthly.id}/card`,
        body: { card: { number: "5555 5555 5555 4444", expMonth: 8, expYear: 31, cvc: "321" } },
      },
    ]);
    expect(within(row).queryByRole("region", { name: "New card for renewals" })).toBeNull();
    expect(within(row).getByRole("status").textContent).toBe(
      "Card saved: ending 4444. Renewals are charged to it. Your subscription is active again.",
    );
    expect(row.textContent).toContain("to your card ending 4444");
  });

  it("checks the card before sending it, and shows the processor's refusal", async () => {
    const calls = fakeApi(() => ({
      status: 402,
      body: { error: { code: "payment_declined", message: "Your card was declined." } },
    }));
    const row = within(renderList([monthly])).getAllByRole("listitem")[0] as HTMLElement;
    await click(within(row).getByRole("button", { name: "Update card" }));
    const form = within(row).getByRole("region", { name: "New card for renewals" });
    type(form, /^Card number/, "4242424242424241");
    await click(within(form).getByRole("button", { name: "Save card" }));
    expect(calls).toEqual([]);
    expect(form.textContent).toContain(CARD_MESSAGES.number);

    type(form, /^Card number/, "4000000000000002");
    type(form, /^Expiry/, "1234");
    type(form, /^CVC/, "123");
    await click(within(form).getByRole("button", { name: "Save card" }));
    expect(calls).toHaveLength(1);
    expect(within(form).getByRole("alert").textContent).toBe("Your card was declined.");
  });
});
