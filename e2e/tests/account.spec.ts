import { expect, gotoHydrated, screenshot, test } from "./fixtures";
import { lastMailTo, mailedLink } from "./mail";

// Chromium logs every 4xx answer to fetch as a console error; this test fails a sign-in on purpose.
test.use({
  allowedConsoleErrors: [[{ text: /status of 401/, path: "/v2/auth/login" }], { scope: "test" }],
});

test("a shopper creates an account through the confirmation mail, signs out, fails a sign-in, resets the password by email and sees points and code", async ({
  page,
}, testInfo) => {
  const email = `shopper-${testInfo.project.name}-${Date.now()}@example.test`;
  await gotoHydrated(page, "/");

  // Create an account from the top bar.
  await page.getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await modal.getByRole("button", { name: "Create an account" }).click();
  const register = page.getByRole("dialog", { name: "Create an account" });
  await register.getByLabel("First name").fill("Robin");
  await register.getByLabel("Last name").fill("Meadow");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel(/^Password/).fill("first-Secret-passphrase");
  await register.getByLabel("Birthday").fill("1990-04-12");
  await register.getByRole("button", { name: "Create account" }).click();
  // Nothing is signed in yet: the dialog says a mail is on its way to the address.
  const sent = page.getByRole("dialog", { name: "Check your email" });
  await expect(sent.getByRole("status")).toContainText("Almost done");
  await expect(sent).toContainText(email);
  await expect(page.getByRole("link", { name: "Hi, Robin" })).toHaveCount(0);

  // The mail's link creates the account with a click, signs in and opens the account page.
  await expect.poll(() => mailedLink(email, "/account/confirm")).toBeTruthy();
  await gotoHydrated(page, mailedLink(email, "/account/confirm") ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email");
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("link", { name: "Hi, Robin" })).toBeVisible();

  // The account page, then sign out.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.getByRole("main")).toContainText(email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  // /account now sends the visitor to sign in; a wrong password gets the spec's exact text.
  await gotoHydrated(page, "/account");
  await expect(page).toHaveURL(/\/account\/sign-in\?next=\/account$/);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("not-the-password");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(main.getByRole("alert")).toHaveText(
    "Account not found. Please check your email and password and try again.",
  );

  // Forgot password: the mail arrives at the local SMTP server with a reset link.
  await main.getByRole("button", { name: "Forgot your password?" }).click();
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Send reset link" }).click();
  await expect(main.getByRole("status")).toBeVisible();
  await expect.poll(() => lastMailTo(email)).toContain("/account/reset-password?token=");
  const link = /https?:\/\/[^\s"<>]+\/account\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
    lastMailTo(email) ?? "",
  )?.[0];
  expect(link).toBeTruthy();

  await gotoHydrated(page, new URL(link ?? "").pathname + new URL(link ?? "").search);
  await page.getByLabel(/^New password/).fill("second-Secret-passphrase");
  await page.getByLabel("Repeat the new password *").fill("second-Secret-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your password is changed");

  // Sign in with the new password and land on /account with points and the personal code.
  await page.getByRole("link", { name: "Sign in" }).click();
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("second-Secret-passphrase");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.locator(".points")).toHaveText("0");
  await expect(page.locator(".discount-code")).toHaveText(/^[A-Z0-9-]{4,}$/);
  await screenshot(page, testInfo, "account");
});

test("a guest's cart joins the account's cart on sign-in", async ({ page }) => {
  await gotoHydrated(page, "/products/forever-young");
  await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(".cart-line")).toContainText("Forever Young");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Sign in" }).click();
  const modal = page.getByRole("dialog", { name: "Sign in" });
  await modal.getByLabel("Email").fill("demo@pawsome.test");
  await modal.getByLabel("Password").fill("Willow-and-Biscuit-2026");
  await modal.getByRole("button", { name: "Sign in" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("link", { name: "Hi, Riley" })).toBeVisible();

  await page.getByRole("button", { name: /^Cart/ }).click();
  await expect(drawer.locator(".cart-line").filter({ hasText: "Forever Young" })).toHaveCount(1);

  // The demo account is an affiliate: its page shows points, code and commission.
  await gotoHydrated(page, "/account");
  await expect(page.locator(".points")).toHaveText("120");
  await expect(page.getByRole("main")).toContainText("Commission earned");
  await expect(page.getByRole("main")).toContainText("$45.00");
});
