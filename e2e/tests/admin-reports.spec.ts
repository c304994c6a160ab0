import { expect, gotoHydrated, screenshot, signInAsOwner, test } from "./fixtures";

const PASSWORD = "Store-Owner-Demo-2026";

test("the store's admin reads a passed-on chat question with its conversation, and an abandoned cart with its visit", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const asker = `asker-${stamp}@example.com`;

  // A shopper asks what the bot cannot answer and leaves their email; another leaves a cart.
  const shopper = await browser.newContext();
  const chat = async (message: string) => {
    const res = await shopper.request.post(`${origin}/api/chat`, {
      headers: { origin },
      data: { message },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await chat(`Can I pay with a cheque from a Swiss bank? (${stamp})`);
  await chat(`sure, it's ${asker}`);
  const leaving = await browser.newContext();
  const added = await leaving.request.post(`${origin}/api/cart/items`, {
    headers: { origin },
    data: { sku: "ITCHY-1", quantity: 3 },
  });
  expect(added.status()).toBe(200);
  const left = await leaving.request.post(`${origin}/metrics/abandoned-cart`, {
    headers: { origin },
    data: { cartItems: [{ sku: "ITCHY-1", quantity: 3 }] },
  });
  expect(left.status()).toBe(204);
  await shopper.close();
  await leaving.close();

  await signInAsOwner(page, origin);

  await gotoHydrated(page, "/admin/chats");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat conversations");
  const question = page.getByRole("row", { name: new RegExp(stamp) });
  await expect(question).toContainText(asker);
  await question.getByRole("link", { name: "Read the conversation" }).click();
  const conversation = page.locator("details.admin-chat", { hasText: stamp }).first();
  await conversation.locator("summary").click();
  await expect(conversation.getByRole("listitem").filter({ hasText: "Swiss bank" })).toContainText(
    "Shopper",
  );
  await expect(conversation).toContainText(`They will answer you at ${asker}`);
  await screenshot(page, testInfo, "admin-chats");

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Abandoned carts" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abandoned carts");
  // Other tests leave carts too: this one is the newest with three Itchy Scratchy.
  const newest = page
    .locator("details.admin-chat")
    .filter({ hasText: "item added ITCHY-1 × 3" })
    .first();
  await expect(newest.locator("summary")).toContainText("$119.85 USD · 3 items · A guest");
  await newest.locator("summary").click();
  await expect(newest.getByRole("row", { name: /Itchy Scratchy/ })).toContainText("$119.85");
  await screenshot(page, testInfo, "admin-abandoned-carts");
});

test("the garden studio's admin reads a design request with everything it asked", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = `http://garden.localhost:${new URL(baseURL ?? "http://localhost").port}`;
  const name = `Robin ${testInfo.project.name} ${Date.now()}`;
  // Asked from the page: only the browser resolves garden.localhost.
  await page.goto(`${origin}/`);
  const sent = await page.evaluate(
    async ({ name, password }) => {
      const json = { "content-type": "application/json" };
      const stored = await fetch("/pbn/layouts", {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          store_id: "garden-studio",
          layoutData: {
            name,
            email: "robin@example.com",
            zipCode: "97214",
            where: "Backyard",
            length: "24",
            width: "12.5",
            sunlight_hours: "Part sun (3-6 hours)",
            maintenance_level: "Low - Minimal care required",
            garden_style: ["Japanese moss garden"],
            plant_preferences: "No roses, please",
          },
        }),
      });
      const signIn = await fetch("/v2/auth/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "admin@fernwood.test", password }),
      });
      return [stored.status, signIn.status];
    },
    { name, password: PASSWORD },
  );
  expect(sent).toEqual([201, 200]);
  await page.goto(`${origin}/admin/design-requests`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Garden design requests");
  const request = page.getByRole("article", { name: `Request from ${name}` });
  await expect(request).toContainText("24 feet x 12.5 feet");
  await expect(request).toContainText("Japanese moss garden");
  await expect(request.getByRole("link", { name: "robin@example.com" })).toHaveAttribute(
    "href",
    "mailto:robin@example.com",
  );
  await screenshot(page, testInfo, "admin-design-requests");
});

test("a shopper reports a review on the product page, and the store's admin finds it among the reported", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shopper = await browser.newPage();
  await gotoHydrated(shopper, "/products/no-more-drama");
  const reviews = shopper.locator(".review-card");
  await expect(reviews.first()).toBeVisible();
  // Each width reports its own review, so both runs find theirs.
  const card = reviews.nth(testInfo.project.name === "narrow" ? 1 : 2);
  const name = (await card.locator(".review-name").textContent()) ?? "";
  await card.getByRole("button", { name: `Report ${name}'s review` }).click();
  await card.getByLabel("Why?").selectOption("offensive");
  await card.getByRole("button", { name: "Send report" }).click();
  await expect(card.getByRole("status")).toHaveText(
    "Thank you. The store will look at this review.",
  );
  await shopper.close();

  await signInAsOwner(page, origin);
  await gotoHydrated(page, "/admin/reviews");
  await page.getByRole("link", { name: "Reported by shoppers" }).click();
  await expect(page).toHaveURL(/reported=1/);
  const reported = page.getByRole("article").filter({ hasText: name });
  await expect(reported.first()).toContainText("Reported as: Offensive or abusive");
  await screenshot(page, testInfo, "admin-reviews-reported");
});
