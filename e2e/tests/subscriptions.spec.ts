import type { Page } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";

const DRAMA = "No More Drama – Calm Support for Dogs & Cats";
const MONTHLY = "Deliver every month";

/** Today (UTC) plus one month in long US form: when a monthly plan paid today is next charged. */
function aMonthFromToday(): string {
  const now = new Date();
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay)));
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

test("a signed-in shopper subscribes from the product page, sees the plan in the cart, pays and finds the subscription on the account page", async ({
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

  // Pay with the test card; the confirmation lists the line with its plan.
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.getByRole("main");
  await form.getByLabel(/^Street address/).fill("12 Elm Street");
  await form.getByLabel(/^City/).fill("Albany");
  await form.getByLabel(/^State/).selectOption("NY");
  await form.getByLabel(/^ZIP code/).fill("12207");
  await expect(form.getByRole("radio", { name: /Standard|Free/ }).first()).toBeVisible();
  await form.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await form.getByLabel(/^Expiry/).fill("12/34");
  await form.getByLabel(/^CVC/).fill("123");
  await form.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/orders\/\d+/);
  await expect(page.getByRole("status")).toContainText("Paid.");
  await expect(page.locator(".line-item").filter({ hasText: DRAMA })).toContainText(MONTHLY);

  await gotoHydrated(page, "/account");
  const subscriptions = page.getByRole("region", { name: "Subscriptions" });
  const first = subscriptions.getByRole("listitem").first();
  await expect(first).toContainText(DRAMA);
  await expect(first).toContainText(`${MONTHLY} · Subscribe & save 10%`);
  await expect(first).toContainText("$38.66 per delivery");
  await expect(first).toContainText(`Next charge ${aMonthFromToday()}`);
  await screenshot(page, testInfo, "account-subscriptions");
});
