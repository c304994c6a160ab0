import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, openQuickView, test } from "./fixtures";
import { paidOrder } from "./orders";

// Every page route and every overlay, audited by axe-core (WCAG 2.2 A and AA, and best
// practice) at the project's width: 375 px and 1280 px. Each finding is listed with its rule,
// its impact and the elements it names, so a failure says what to fix.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** The audit of what the page shows now: one line per violation. */
async function violations(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}) ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

// The audits read whole pages: more time than most tests.
test.describe.configure({ timeout: 120_000 });

test("every page route has no axe-core violation", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const found: string[] = [];
  const audit = async (path: string) => {
    await gotoHydrated(page, path);
    found.push(...(await violations(page, path)));
  };
  for (const path of [
    "/",
    "/collections/liquid-dog-vitamins-supplements",
    "/products/itchy-scratchy",
    "/pages/faq",
    "/policies/shipping-policy",
    "/search?q=itchy",
    "/account/sign-in",
    "/cart",
  ]) {
    await audit(path);
  }
  // A cart to check out, and an order to read.
  const added = await page.request.post("/api/cart/items", {
    headers: { origin },
    data: { sku: "ITCHY-1", quantity: 1 },
  });
  expect(added.status()).toBe(200);
  await audit("/cart");
  await audit("/checkout");
  const { link } = await paidOrder(page.request, origin, "axe-buyer@example.test");
  await audit(link);
  // The account page of a signed-in shopper (the demo's, with orders, points and plans).
  await gotoHydrated(page, "/account/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill("demo@pawsome.test");
  await main.getByLabel("Password").fill("Willow-and-Biscuit-2026");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.locator(".points")).toBeVisible();
  found.push(...(await violations(page, "/account")));
  // The garden studio's design request form.
  await audit(`http://garden.localhost:${new URL(origin).port}/garden-design`);
  expect(found).toEqual([]);
});

test("every overlay has no axe-core violation", async ({ page }, testInfo) => {
  const found: string[] = [];
  const audit = async (what: string) => found.push(...(await violations(page, what)));

  await gotoHydrated(page, "/");
  if (testInfo.project.name === "wide") {
    await page.getByRole("button", { name: "Dogs", exact: true }).click();
    await expect(page.getByRole("link", { name: "All remedies for dogs" })).toBeVisible();
    await audit("the Dogs menu");
    await page.keyboard.press("Escape");
  } else {
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await audit("the Menu panel");
    await page.keyboard.press("Escape");
  }

  const { popup: quickView } = await openQuickView(page);
  await audit("the quick view");
  await quickView.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toBeVisible();
  await audit("the cart drawer");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await expect(modal).toBeVisible();
  await audit("the account modal");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await page.getByRole("button", { name: /^Chat with us/ }).click();
  const chat = page.getByRole("dialog", { name: "Customer Support" });
  await expect(chat.getByRole("textbox", { name: "Your message" })).toBeVisible();
  await audit("the chat");
  await page.keyboard.press("Escape");

  await gotoHydrated(page, "/products/itchy-scratchy");
  await page.getByRole("button", { name: "Write a review" }).click();
  const review = page.getByRole("dialog").filter({ has: page.getByRole("radiogroup") });
  await expect(review).toBeVisible();
  await audit("the review dialog");
  expect(found).toEqual([]);
});
