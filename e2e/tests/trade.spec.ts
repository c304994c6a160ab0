import { expect, gotoHydrated, screenshot, test } from "./fixtures";
import { mailedLink } from "./mail";

test("a pet store applies for a trade account on the wholesale page, fixing a field the form refused, is approved, and buys at trade prices", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await gotoHydrated(page, "/pages/wholesale");
  const section = page.getByRole("region", { name: "Apply for a trade account" });
  await section.getByLabel(/^Business name/).fill("Wagging Tails Pet Supply");
  await section.getByLabel(/^Contact name/).fill("Jordan Lee");
  await section.getByLabel(/^Email/).fill("jordan@waggingtails");
  await section.getByLabel(/^Store address/).fill("88 Market Street, Asheville, NC 28801");
  await section.getByRole("button", { name: "Apply for a trade account" }).click();

  // The address is refused, said under its field, and the focus goes there.
  const email = section.getByLabel(/^Email/);
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const address = `jordan-${testInfo.project.name}-${Date.now()}@waggingtails.test`;
  await email.fill(address);
  await expect(section.getByText("Please enter a valid email address")).toHaveCount(0);
  await screenshot(page, testInfo, "trade-form");

  await section.getByRole("button", { name: "Apply for a trade account" }).click();
  const thanks = section.getByRole("status");
  await expect(thanks).toContainText("Your application has reached our trade team.");
  await expect(thanks).toBeFocused();

  // The store's admin approves it, with the resale certificate they checked.
  const admin = await browser.newContext();
  const headers = { origin: baseURL ?? "" };
  const login = await admin.request.post(`${baseURL}/v2/auth/login`, {
    headers,
    data: {
      email: "admin@pawsome.test",
      password: "Store-Owner-Demo-2026",
      store_id: "pet-remedies",
    },
  });
  expect(login.status()).toBe(200);
  const listed = await admin.request.get(`${baseURL}/api/admin/wholesale-applications`);
  const applications = (
    (await listed.json()) as {
      applications: { id: string; application: { email: string } }[];
    }
  ).applications;
  const mine = applications.find((a) => a.application.email === address);
  expect(mine).toBeDefined();
  const approved = await admin.request.post(
    `${baseURL}/api/admin/wholesale-applications/${mine?.id}/approve`,
    { headers, data: { resaleCertificate: "NC-RESALE-448812" } },
  );
  expect(approved.status()).toBe(200);
  await admin.close();

  // The mailed link lets the partner choose a password; then they sign in.
  await expect.poll(() => mailedLink(address, "/account/reset-password")).toBeTruthy();
  await gotoHydrated(page, mailedLink(address, "/account/reset-password") ?? "");
  await page.getByLabel(/^New password/).fill("Wagging-Tails-Trade-2026");
  await page.getByLabel("Repeat the new password *").fill("Wagging-Tails-Trade-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your password is changed");
  await page.getByRole("link", { name: "Sign in" }).click();
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(address);
  await main.getByLabel("Password").fill("Wagging-Tails-Trade-2026");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");

  // Forever Young: $44.95 retail, $26.97 at the store's 40 % trade discount, on the page and in
  // the cart.
  await gotoHydrated(page, "/products/forever-young");
  await expect(main.getByText("$26.97").first()).toBeVisible();
  await expect(main.getByText("$44.95")).toHaveCount(0);
  await main.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(".cart-line")).toContainText("Forever Young");
  await expect(drawer).toContainText("$26.97");
  await expect(drawer).not.toContainText("$44.95");
  await screenshot(page, testInfo, "trade-cart");
});
