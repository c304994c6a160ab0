import { expect, gotoHydrated, screenshot, signInAsOwner, test } from "./fixtures";
import { payCart } from "./orders";

// The shopper's second try is refused on purpose (the code has expired): that answer is allowed.
test.use({
  allowedConsoleErrors: [
    [{ text: /status of 409/, path: "/api/cart/discount" }],
    { scope: "test" },
  ],
});

test("the store's admin creates a discount code, a shopper pays with it, the admin sees the order and expires the code", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now() % 1_000_000}`;
  await signInAsOwner(page, origin);

  await gotoHydrated(page, "/admin/discounts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discount codes");
  await page.getByRole("button", { name: "New code" }).click();
  const create = page.getByRole("region", { name: "New code" });
  await create.getByLabel("Code").fill(code);
  // A refused limit is said on the form, with focus on its field.
  await create.getByLabel("Percent off").fill("25");
  await create.getByLabel("Redemption limit").fill("0");
  await create.getByRole("button", { name: "Create code" }).click();
  await expect(create.getByRole("alert")).toContainText("The redemption limit is a whole number");
  await expect(create.getByLabel("Redemption limit")).toBeFocused();
  await create.getByLabel("Redemption limit").fill("50");
  await create.getByLabel("At most, USD (optional)").fill("30.00");
  await create.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
  await expect(page.getByRole("main")).toContainText("25% off, at most $30.00");
  await expect(page.getByRole("main")).toContainText("Used 0 of 50 times");

  // A shopper applies it in the cart: 25% of $71.95.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  const added = await shopperPage.request.post(`${origin}/api/cart/items`, {
    headers: { origin },
    data: { sku: "ITCHY-2", quantity: 1 },
  });
  expect(added.status()).toBe(200);
  await gotoHydrated(shopperPage, "/cart");
  const cart = shopperPage.getByRole("main");
  await cart.getByLabel("Discount code").fill(code.toLowerCase());
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart).toContainText(`Code ${code} applied.`);
  await expect(cart).toContainText("−$17.99");
  // The shopper pays: the admin reads the order among the code's redemptions.
  const email = `coupon-${testInfo.project.name}-${Date.now()}@example.com`;
  const number = await payCart(shopperPage.request, origin, email);
  await page.reload();
  await expect(page.getByRole("main")).toContainText("Used 1 of 50 times");
  const redeemed = page.getByRole("row", { name: new RegExp(`#${number}`) });
  await expect(redeemed).toContainText(email);
  await expect(redeemed).toContainText("$17.99");

  // The admin ends it: the shopper's cart loses it, and a new try is refused.
  await page.getByRole("button", { name: "Expire now" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${code} has expired` })).toBeVisible();
  await expect(page.locator(".admin-heading .admin-status")).toHaveText("Expired");
  await screenshot(page, testInfo, "admin-discount");
  await shopperPage.request.post(`${origin}/api/cart/items`, {
    headers: { origin },
    data: { sku: "ITCHY-2", quantity: 1 },
  });
  await gotoHydrated(shopperPage, "/cart");
  await cart.getByLabel("Discount code").fill(code);
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("alert")).toHaveText("This discount code has expired");
  await shopper.close();

  // The list finds it among the expired codes.
  await gotoHydrated(page, `/admin/discounts?state=expired&q=${code}`);
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Expired");
  await expect(row).toContainText("1 of 50");
  await screenshot(page, testInfo, "admin-discounts");
});
