import type { Page } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";
import { mailedLink } from "./mail";

const DRAMA = "No More Drama – Calm Support for Dogs & Cats";
const MONTHLY = "Deliver every month";

/**
 * Today (UTC) plus a month, `months` times over, in long US form: when a monthly plan paid today
 * is next charged (each month keeps today's day, or the month's last day when it is shorter).
 */
function aMonthFromToday(months = 1): string {
  const now = new Date();
  let day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const anchor = day.getUTCDate();
  for (let i = 0; i < months; i += 1) {
    const [year, month] = [day.getUTCFullYear(), day.getUTCMonth() + 1];
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    day = new Date(Date.UTC(year, month, Math.min(anchor, lastDay)));
  }
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(day);
}

async function signInAsDemo(page: Page) {
  await page.getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await modal.getByLabel("Email").fill("demo@pawsome.test");
  await modal.getByLabel("Password").fill("Willow-and-Biscuit-2026");
  await modal.getByRole("button", { name: "Sign in" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("link", { name: "Hi, Riley" })).toBeVisible();
}

test("the demo shopper chooses a subscription on the product page with the keyboard and sees its plan in the cart drawer", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/products/no-more-drama");
  await signInAsDemo(page);

  // The purchase options are one radio group: the arrow keys move the choice.
  const main = page.getByRole("main");
  const options = main.getByRole("group", { name: "Purchase options" });
  const once = options.getByRole("radio", { name: /One-time purchase/ });
  const monthly = options.getByRole("radio", { name: `Subscribe & save 10% — ${MONTHLY} $38.66` });
  await expect(once).toBeChecked();
  await once.focus();
  await page.keyboard.press("ArrowDown");
  await expect(monthly).toBeChecked();
  await expect(monthly).toBeFocused();
  await screenshot(page, testInfo, "purchase-options");

  await main.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  const line = drawer.locator(".cart-line").filter({ hasText: MONTHLY });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(DRAMA);
  await expect(line).toContainText(`Subscription ${MONTHLY} · Subscribe & save 10%`);
  await expect(line.locator(".cart-line-price")).toHaveText("$38.66 each");
  await screenshot(page, testInfo, "cart-drawer-subscription");

  // The demo account's cart is shared by the browser tests: leave it as it was.
  await line.getByRole("button", { name: `Remove ${DRAMA}, ${MONTHLY}` }).click();
  await expect(line).toHaveCount(0);
});

test("a guest switches a subscription to a one-time purchase at checkout, and the payment form follows", async ({
  page,
}) => {
  await gotoHydrated(page, "/products/no-more-drama");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: new RegExp(MONTHLY) }).check();
  await main.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  // Said before checkout.
  await expect(drawer.locator(".cart-line")).toContainText(
    "A subscription is kept on an account: you can sign in or create one at checkout.",
  );
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await main.getByRole("button", { name: /^Switch to one-time purchase/ }).click();
  // Nothing left that needs an account: the checkout form, and the line bought once.
  await expect(main.getByLabel(/^Card number/)).toBeVisible();
  const summary = main.getByRole("region", { name: "Order summary" });
  await expect(summary).not.toContainText("Subscription");
  await expect(summary).toContainText(DRAMA);
});

test("a guest with a subscription in the cart creates an account at checkout, pays and finds the subscription on the account page", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/products/no-more-drama");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: new RegExp(MONTHLY) }).check();
  await main.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(".cart-line")).toContainText(MONTHLY);
  await drawer.getByRole("link", { name: "Checkout" }).click();

  // A subscription is kept on an account: the cart said so, and the checkout asks for one
  // right there (or offers to buy once instead).
  await expect(page.getByRole("main")).toContainText(
    "A subscription is kept on your account: sign in or create an account to check out.",
  );
  await expect(main.getByRole("button", { name: /^Switch to one-time purchase/ })).toBeVisible();
  await expect(main.getByLabel(/^Card number/)).toHaveCount(0);
  await screenshot(page, testInfo, "checkout-account-step");
  const email = `subscriber-${testInfo.project.name}-${Date.now()}@example.test`;
  await main.getByLabel(/^First name/).fill("Sam");
  await main.getByLabel(/^Last name/).fill("Subscriber");
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Password/).fill("monthly-Drops-for-Biscuit");
  await main.getByRole("button", { name: "Create account" }).click();
  // The account is made from the link in the confirmation mail, in this same browser (its cart
  // joins the new account); the link leads back to this checkout.
  await expect(page.getByRole("status").filter({ hasText: "Almost done" })).toBeVisible();
  await expect.poll(() => mailedLink(email, "/account/confirm")).toBeTruthy();
  await gotoHydrated(page, mailedLink(email, "/account/confirm") ?? "");
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Pay with the test card; the confirmation lists the line with its plan.
  await main.getByLabel(/^Street address/).fill("12 Elm Street");
  await main.getByLabel(/^City/).fill("Albany");
  await main.getByLabel(/^State/).selectOption("NY");
  await main.getByLabel(/^ZIP code/).fill("12207");
  await expect(main.getByRole("radio", { name: /Standard/ })).toBeVisible();
  await main.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await main.getByLabel(/^Expiry/).fill("12/34");
  await main.getByLabel(/^CVC/).fill("123");
  await main.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/orders\/\d+/);
  await expect(page.getByRole("status")).toContainText("Paid.");
  await expect(page.locator(".line-item").filter({ hasText: DRAMA })).toContainText(MONTHLY);

  await gotoHydrated(page, "/account");
  const subscriptions = page.getByRole("region", { name: "Subscriptions" });
  const rows = subscriptions.getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(DRAMA);
  await expect(rows).toContainText(`${MONTHLY} · Subscribe & save 10%`);
  await expect(rows).toContainText("$38.66 per delivery");
  await expect(rows).toContainText(`Next charge ${aMonthFromToday()} to your card ending 4242`);
  await screenshot(page, testInfo, "account-subscriptions");

  // The shopper skips the next delivery, then cancels (after saying yes); it stays cancelled.
  await rows.getByRole("button", { name: "Skip next delivery" }).click();
  await expect(rows.getByRole("status")).toHaveText(
    `Skipped. Your next delivery is charged on ${aMonthFromToday(2)}.`,
  );
  await expect(rows).toContainText(`Next charge ${aMonthFromToday(2)}`);

  // A new card for the renewals.
  await rows.getByRole("button", { name: "Update card" }).click();
  const newCard = rows.getByRole("region", { name: "New card for renewals" });
  await newCard.getByLabel(/^Card number/).fill("5555 5555 5555 4444");
  await newCard.getByLabel(/^Expiry/).fill("08/31");
  await newCard.getByLabel(/^CVC/).fill("321");
  await screenshot(page, testInfo, "account-subscription-card");
  await newCard.getByRole("button", { name: "Save card" }).click();
  await expect(rows.getByRole("status")).toHaveText(
    "Card saved: ending 4444. Renewals are charged to it.",
  );
  await expect(rows).toContainText("to your card ending 4444");

  await rows.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(rows.getByRole("button", { name: "Keep it" })).toBeFocused();
  await screenshot(page, testInfo, "account-subscription-cancel");
  await rows.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(rows.getByRole("status")).toHaveText(
    "Cancelled. Nothing more will be charged or sent.",
  );
  await expect(rows.getByRole("button")).toHaveCount(0);
  await gotoHydrated(page, "/account");
  await expect(
    page.getByRole("region", { name: "Subscriptions" }).getByRole("listitem"),
  ).toContainText("Cancelled");
});
