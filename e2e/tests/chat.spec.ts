import type { Page } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";

const ITCHY = "Itchy Scratchy – Allergy Support for Dogs & Cats";

/** Opens the chat from its button with the keyboard; answers the panel. */
async function openChat(page: Page) {
  const trigger = page.getByRole("button", { name: /^Chat with us/ });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Customer Support" });
  await expect(panel.getByRole("textbox", { name: "Your message" })).toBeFocused();
  return panel;
}

/** Pays for the cart at /checkout with the test card, shipping to New York; answers the number. */
async function payForCart(page: Page, email: string): Promise<string> {
  const main = page.getByRole("main");
  const summary = main.getByRole("region", { name: "Order summary" });
  // The form is the page's once the cart is in the summary.
  await expect(summary.locator(".line-item")).toHaveCount(1);
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Full name/).fill("Sam Chat");
  await main.getByLabel(/^Street address/).fill("12 Elm Street");
  await main.getByLabel(/^City/).fill("Albany");
  await main.getByLabel(/^State/).selectOption("NY");
  await main.getByLabel(/^ZIP code/).fill("10001");
  await expect(summary).toContainText("Sales tax (4%)");
  await main.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await main.getByLabel(/^Expiry/).fill("12/34");
  await main.getByLabel(/^CVC/).fill("123");
  await main.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?key=/);
  return /\/orders\/(\d+)/.exec(page.url())?.[1] ?? "";
}

test("a shopper opens the chat by keyboard, asks about a scratching dog, adds the remedy from the chat and tracks the order just placed", async ({
  page,
}, testInfo) => {
  const email = `chat-${testInfo.project.name}-${Date.now()}@example.test`;
  await gotoHydrated(page, "/");
  const layoutBefore = await page.locator("main").boundingBox();

  const panel = await openChat(page);
  await expect(panel).toContainText("Hello! How can I help you today?");
  await page.keyboard.type("my dog keeps scratching");
  await page.keyboard.press("Enter");
  const card = panel.locator(".product-card").first();
  await expect(card).toContainText("Itchy Scratchy");
  await expect(card).toContainText(/\$\d+\.\d{2}/);
  // A new answer is announced.
  await expect(panel.locator('[aria-live="polite"]')).toContainText("Itchy Scratchy");
  await screenshot(page, testInfo, "chat-recommendation");
  // The page under the chat did not move.
  expect(await page.locator("main").boundingBox()).toEqual(layoutBefore);

  await card.getByRole("button", { name: `Quick shop ${ITCHY}` }).click();
  const popup = page.getByRole("dialog", { name: ITCHY });
  await popup.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(".cart-line").filter({ hasText: /Itchy Scratchy/ })).toHaveCount(1);
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const number = await payForCart(page, email);

  // The conversation is kept: after a reload, the chat on the order page still holds it.
  await page.reload();
  await expect(page.locator(".chat[data-ready]")).toHaveCount(1);
  const again = await openChat(page);
  await expect(again).toContainText("my dog keeps scratching");
  await again.getByRole("button", { name: "Track my order" }).click();
  await expect(again).toContainText("What is your order number?");
  await page.keyboard.type(`#${number}`);
  await page.keyboard.press("Enter");
  await expect(again).toContainText(`Which email address was order #${number} placed with?`);
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(again).toContainText(`Order #${number}, placed on`);
  await expect(again).toContainText("is paid");
  await expect(again).toContainText("× Itchy Scratchy");
  await screenshot(page, testInfo, "chat-order");

  // Escape closes the chat and gives the focus back to its button.
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();
  await expect(page.getByRole("button", { name: /^Chat with us/ })).toBeFocused();

  // Start over leaves the greeting alone.
  const fresh = await openChat(page);
  await fresh.getByRole("button", { name: "Start over" }).click();
  await expect(fresh.locator(".chat-message")).toHaveCount(1);
  await expect(fresh).toContainText("Hello! How can I help you today?");
});

/** Whether two boxes share no point. */
function apart(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return (
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
  );
}

test("scrolled to the end, a page's last lines and the checkout's policy links are not under the chat button", async ({
  page,
}) => {
  const trigger = page.getByRole("button", { name: /^Chat with us/ });
  const endOf = async (lastLines: ReturnType<Page["locator"]>) => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await trigger.boundingBox();
    expect(button).not.toBeNull();
    for (const line of await lastLines.all()) {
      const box = await line.boundingBox();
      if (button && box) expect(apart(box, button), await line.innerText()).toBe(true);
    }
  };
  await gotoHydrated(page, "/products/itchy-scratchy");
  await endOf(page.locator(".site-footer").locator("p, a"));

  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  await gotoHydrated(page, "/checkout");
  await endOf(page.getByRole("navigation", { name: "Policies" }).getByRole("link"));
});

test("on a phone the chat opens full screen with every reply chip whole, and its button sits above the consent banner instead of covering it", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === "wide", "a phone's screen");
  await page.setViewportSize({ width: 375, height: 667 });
  await gotoHydrated(page, "/");
  const panel = await openChat(page);
  expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
  const chips = panel.locator(".chat-quick-button");
  expect(await chips.count()).toBeGreaterThan(1);
  for (const chip of await chips.all()) {
    const box = await chip.boundingBox();
    if (!box) throw new Error("a chip is not drawn");
    expect(box.x, await chip.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await chip.innerText()).toBeLessThanOrEqual(375);
  }
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The garden studio asks before it records a visit: its banner is fixed to the bottom.
  const port = new URL(baseURL ?? "http://localhost").port;
  await gotoHydrated(page, `http://garden.localhost:${port}/`);
  const banner = page.getByRole("region", { name: "Privacy choice" });
  await expect(banner.getByRole("button", { name: "Decline" })).toBeVisible();
  const trigger = page.getByRole("button", { name: /^Chat with us/ });
  await expect
    .poll(async () => {
      const [button, bar] = [await trigger.boundingBox(), await banner.boundingBox()];
      return button && bar ? button.y + button.height <= bar.y : false;
    })
    .toBe(true);
  await screenshot(page, testInfo, "chat-above-consent-banner");
});
