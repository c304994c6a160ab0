import { expect, gotoHydrated, screenshot, signInAsOwner, test } from "./fixtures";

test("the store's admin edits the FAQ page with a live preview, and shoppers read it sanitised", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  await signInAsOwner(page, origin);
  // Other tests read the FAQ as seeded: it is put back as it was at the end.
  const original = (await (await page.request.get(`${origin}/api/admin/pages/faq`)).json()) as {
    document: Record<string, unknown>;
  };
  const question = `What if my pet will not take it? (${testInfo.project.name})`;
  try {
    await gotoHydrated(page, "/admin/pages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages");
    await page.getByRole("link", { name: "faq", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit page: faq");
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(
      "Frequently Asked Questions",
    );

    const form = page.getByRole("form", { name: "Page" });
    await form.getByLabel("title-7", { exact: true }).fill(question);
    await form
      .getByLabel("content-7", { exact: true })
      .fill(
        '<p>Mix it into wet food.</p><img src="/media/pet-remedies/logo.jpg" alt="" onerror="alert(1)">',
      );
    // The preview follows the draft, sanitised by the server as a save is.
    await expect(preview.getByRole("heading", { name: question })).toBeVisible();
    await expect(preview).toContainText("Mix it into wet food.");
    await expect(preview.locator("img[onerror]")).toHaveCount(0);
    await screenshot(page, testInfo, "admin-page-editor");

    await form.getByRole("button", { name: "Save page" }).click();
    await expect(form.getByRole("status")).toContainText("Saved at");

    const shopper = await browser.newPage();
    await gotoHydrated(shopper, "/pages/faq");
    await expect(shopper.getByRole("heading", { name: question })).toBeVisible();
    await expect(shopper.getByRole("main")).toContainText("Mix it into wet food.");
    await expect(shopper.locator("img[onerror]")).toHaveCount(0);
    await shopper.close();
  } finally {
    const now = (await (await page.request.get(`${origin}/api/admin/pages/faq`)).json()) as {
      updatedAt: string;
    };
    const restored = await page.request.put(`${origin}/api/admin/pages/faq`, {
      headers: { origin },
      data: { document: original.document, expectedUpdatedAt: now.updatedAt },
    });
    expect(restored.status()).toBe(200);
  }
});

test.describe("a refused link", () => {
  // The callout's first try is refused on purpose: that answer is allowed.
  test.use({
    allowedConsoleErrors: [
      [{ text: /status of 400/, path: "/api/admin/callout" }],
      { scope: "test" },
    ],
  });

  test("the store's admin changes the callout above the header, and shoppers see it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const origin = baseURL ?? "";
    await signInAsOwner(page, origin);
    const original = await (await page.request.get(`${origin}/api/admin/callout`)).json();
    const label = `Autumn sale ${testInfo.project.name}`;
    try {
      await gotoHydrated(page, "/admin/storefront");
      const callout = page.getByRole("region", { name: "Callout above the header" });
      await callout.getByRole("button", { name: "Add a message" }).click();
      await callout.getByLabel("Message 3").fill(label);
      await callout.getByLabel("Link (optional)").nth(2).fill("javascript:alert(1)");
      await callout.getByRole("button", { name: "Save the callout" }).click();
      await expect(callout.getByRole("alert")).toContainText("A link is a path on the store");
      await callout.getByLabel("Link (optional)").nth(2).fill("/collections/all");
      await callout.getByRole("button", { name: "Save the callout" }).click();
      await expect(callout.getByRole("status")).toHaveText("The callout is saved.");
      await screenshot(page, testInfo, "admin-storefront");

      const shopper = await browser.newPage();
      await gotoHydrated(shopper, "/");
      await expect(shopper.getByRole("link", { name: label })).toHaveAttribute(
        "href",
        "/collections/all",
      );
      await shopper.close();
    } finally {
      const restored = await page.request.put(`${origin}/api/admin/callout`, {
        headers: { origin },
        data: original,
      });
      expect(restored.status()).toBe(200);
    }
  });
});

test.describe("a refused sender", () => {
  // The sender's first try is refused on purpose: that answer is allowed.
  test.use({
    allowedConsoleErrors: [
      [{ text: /status of 400/, path: "/api/admin/mail-sender" }],
      { scope: "test" },
    ],
  });

  test("the store's admin sets who its mail is from, and the screen says what mail carries now", async ({
    page,
    baseURL,
  }, testInfo) => {
    // One store setting: set and put back by one project only, so the other never reads it.
    test.skip(testInfo.project.name !== "wide", "a store-wide setting, changed once");
    const origin = baseURL ?? "";
    await signInAsOwner(page, origin);
    try {
      await gotoHydrated(page, "/admin/storefront");
      const mail = page.getByRole("region", { name: "Mail to shoppers" });
      await expect(mail).toContainText('Your mail is sent as "Pawsome Herbals" <');
      await mail.getByLabel("Sender's name").fill("Pawsome Orders");
      await mail.getByLabel("Sender's address").fill("orders@pawsome.test");
      await mail.getByRole("button", { name: "Save the sender" }).click();
      await expect(mail.getByRole("alert")).toContainText(
        "The sender's address must be on one of the store's domains: pets.localhost",
      );
      await mail.getByLabel("Sender's address").fill("orders@pets.localhost");
      await mail.getByRole("button", { name: "Save the sender" }).click();
      await expect(mail.getByRole("status")).toHaveText(
        "The sender is saved: the store's next mail is from it.",
      );
      await expect(mail).toContainText(
        'Your mail is sent as "Pawsome Orders" <orders@pets.localhost>; replies go to',
      );
      await screenshot(page, testInfo, "admin-mail-sender");
    } finally {
      const restored = await page.request.put(`${origin}/api/admin/mail-sender`, {
        headers: { origin },
        data: { name: null, address: null },
      });
      expect(restored.status()).toBe(200);
    }
  });
});
