import type { TestInfo } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";

const DUO = "Calm & Comfort Duo – Any 2 Remedies for Calm, Comfort or Vitality";

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === "narrow";

test("a shopper fills the Calm & Comfort Duo by keyboard, sees what it holds in the cart, pays by card and sees it on the confirmation", async ({
  page,
}, testInfo) => {
  const email = `bundle-${testInfo.project.name}-${Date.now()}@example.test`;
  await gotoHydrated(page, "/products/calm-comfort-duo");
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DUO);
  await expect(main.locator(".product-price")).toHaveText(/^\$\d+\.\d{2}$/);

  // One labelled dropdown per slot, none chosen: Add to cart waits for both.
  const picker = main.getByRole("group", { name: "Choose 2 items for this bundle" });
  const first = picker.getByLabel("Item 1 of 2");
  const second = picker.getByLabel("Item 2 of 2");
  await expect(first).toHaveValue("");
  await expect(second).toHaveValue("");
  const add = main.getByRole("button", { name: "Add to cart" });
  await expect(add).toBeDisabled();

  // By keyboard: the arrow keys choose in a closed dropdown, Tab goes on to the next slot.
  await first.focus();
  await page.keyboard.press("ArrowDown");
  await expect(first).toHaveValue("DRAMA-1");
  await page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(second).toHaveValue("OUCHIE-1");
  await expect(main.locator(".bundle-saving")).toHaveText(/^You save \$\d+\.\d{2}$/);
  await expect(add).toBeEnabled();
  await screenshot(page, testInfo, "bundle-filled");
  await add.focus();
  await page.keyboard.press("Enter");

  // The drawer shows the bundle with what it holds; its stepper changes that line.
  const cart = page.getByRole("dialog", { name: "Your cart" });
  const line = cart.locator(".cart-line").filter({ hasText: DUO });
  await expect(line).toHaveCount(1);
  const contents = line.getByRole("list", { name: "In this bundle" });
  await expect(contents.getByRole("listitem")).toHaveCount(2);
  await expect(contents).toContainText("1 × No More Drama");
  await expect(contents).toContainText("1 × Ouchie");
  await line.getByRole("button", { name: /^Increase quantity/ }).click();
  await expect(line.locator(".stepper output")).toHaveText("2");
  await expect(page.locator(".cart-count")).toHaveText("2");
  await screenshot(page, testInfo, "bundle-cart-drawer");

  await cart.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  if (isNarrow(testInfo)) await main.getByRole("button", { name: /Show order summary/ }).click();
  const summary = main.getByRole("region", { name: "Order summary" });
  await expect(summary.locator(".line-item")).toHaveCount(1);
  await expect(summary.getByRole("list", { name: "In this bundle" })).toContainText(
    "1 × No More Drama",
  );
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Full name/).fill("Robin Meadow");
  await main.getByLabel(/^Street address/).fill("12 Elm Street");
  await main.getByLabel(/^City/).fill("Albany");
  await main.getByLabel(/^State/).selectOption("NY");
  await main.getByLabel(/^ZIP code/).fill("10001");
  // The quote arrives (two duos ship free: no option to choose).
  await expect(summary).toContainText("Sales tax (4%)");
  await main.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await main.getByLabel(/^Expiry/).fill("12/34");
  await main.getByLabel(/^CVC/).fill("123");
  const total = (await summary.locator(".cart-total").textContent()) ?? "";
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await main.getByRole("button", { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/orders\/\d+\?key=[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Robin!");
  await expect(main.getByRole("status")).toContainText("Paid.");
  const ordered = main.locator(".line-item").filter({ hasText: DUO });
  await expect(ordered).toHaveCount(1);
  await expect(ordered).toContainText("Qty 2");
  const held = ordered.getByRole("list", { name: "In this bundle" });
  await expect(held.getByRole("listitem")).toHaveCount(2);
  await expect(held).toContainText("1 × No More Drama");
  await expect(held).toContainText("1 × Ouchie");
  await expect(page.locator(".cart-count")).toHaveText("0");
  await screenshot(page, testInfo, "bundle-order-confirmation");
});
