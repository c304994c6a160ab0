import fs from "node:fs";
import { operatorLinkFile } from "../playwright.config";
import { expect, screenshot, test, waitForHydration } from "./fixtures";
import { mailedLink } from "./mail";

// One operator, one new store: the wide run does it; the narrow one would open it twice.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, "opens the store once, at 1280 px");
// The refused second store at the same host is a 409 the browser reports.
test.use({
  allowedConsoleErrors: [
    [{ text: /status of 409/, path: "/api/platform/stores" }],
    { scope: "test" },
  ],
});

test("an operator opens Test Kitchen at kitchen.localhost, its owner follows the invitation into the admin, and disabling it takes it offline", async ({
  page,
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL ?? "http://localhost").port;
  const platform = `http://pets.localhost:${port}`;
  const kitchen = `http://kitchen.localhost:${port}`;

  // The link `npm run platform:operator` prints: choose the password, then the platform screen.
  await page.goto(platform + fs.readFileSync(operatorLinkFile, "utf8").trim());
  await waitForHydration(page);
  await page.getByLabel(/New password/).fill("an operator's long passphrase");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Platform", level: 1 })).toBeVisible();
  await expect(page.getByText("Signed in as ops@platform.test.")).toBeVisible();

  await page.getByLabel("Store id").fill("test-kitchen");
  await page.getByLabel("Brand name").fill("Test Kitchen");
  await page.getByLabel("Hosts").fill("kitchen.localhost");
  await page.getByLabel("Owner's email").fill("owner@kitchen.test");
  await page.getByRole("button", { name: "Open the store" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test Kitchen is open" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test Kitchen", level: 3 })).toBeVisible();
  await screenshot(page, testInfo, "platform-store-opened");

  // A second store at the same host is refused with the reason.
  await page.getByLabel("Store id").fill("kitchen-two");
  await page.getByLabel("Brand name").fill("Kitchen Two");
  await page.getByRole("button", { name: "Open the store" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "kitchen.localhost already belongs to another store",
  );

  // The new store answers at its host at once.
  await page.goto(`${kitchen}/`);
  await waitForHydration(page);
  await expect(page.getByText("No products yet. Please check back soon.")).toBeVisible();
  await page.goto(`${kitchen}/policies/shipping-policy`);
  await expect(page.getByText(/Standard \$7\.95 \(3–5 business days\)/)).toBeVisible();

  // The owner's invitation: choose the password, sign in, the store's own admin.
  await expect.poll(() => mailedLink("owner@kitchen.test", "/account/reset-password")).toBeTruthy();
  await page.goto(kitchen + (mailedLink("owner@kitchen.test", "/account/reset-password") ?? ""));
  await waitForHydration(page);
  const password = "a kitchen owner's passphrase";
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the new password/).fill(password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed")).toBeVisible();
  await page.goto(`${kitchen}/account/sign-in?next=/admin`);
  await waitForHydration(page);
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill("owner@kitchen.test");
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${kitchen}/admin`);
  await expect(page.getByText("Test Kitchen").first()).toBeVisible();

  // Disabled from the platform: its hosts answer 404; enabled again, they answer.
  await page.goto(`${platform}/platform`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Disable Test Kitchen" }).click();
  await expect(page.getByRole("button", { name: "Enable Test Kitchen" })).toBeVisible();
  // Opened in another tab: only the browser resolves kitchen.localhost.
  const offline = await page.context().newPage();
  await expect.poll(async () => (await offline.goto(`${kitchen}/`))?.status()).toBe(404);
  await expect(offline.getByRole("heading", { name: "Store not found" })).toBeVisible();
  await page.getByRole("button", { name: "Enable Test Kitchen" }).click();
  await expect.poll(async () => (await offline.goto(`${kitchen}/`))?.status()).toBe(200);
  await offline.close();
});
