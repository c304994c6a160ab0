import { expect, gotoHydrated, PRICE, screenshot, test, waitForHydration } from "./fixtures";

test("a visitor opens a product page from the home page and chooses Pack of Two", async ({
  page,
  request,
}, testInfo) => {
  await gotoHydrated(page, "/");
  await page.locator('a.product-card-link[href="/products/itchy-scratchy"]').click();
  await expect(page).toHaveURL(/\/products\/itchy-scratchy$/);

  const title = "Itchy Scratchy – Allergy Support for Dogs & Cats";
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Pawsome Herbals`);

  const price = page.locator(".product-price");
  await expect(price).toHaveText(PRICE);
  await expect(price).toHaveText("$39.95");
  const singlePrice = await price.textContent();

  const count = page.getByRole("group", { name: "Count" });
  await expect(count).toBeVisible();
  const single = count.getByRole("button", { name: "Single" });
  const pack = count.getByRole("button", { name: "Pack of Two" });
  await expect(single).toHaveAttribute("aria-pressed", "true");
  await expect(pack).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("In stock", { exact: true })).toBeVisible();

  // The buy box: quantity and an enabled add-to-cart button.
  await expect(page.getByRole("main").getByRole("button", { name: "Add to cart" })).toBeEnabled();

  await screenshot(page, testInfo, "product");

  await pack.click();
  await expect(pack).toHaveAttribute("aria-pressed", "true");
  await expect(single).toHaveAttribute("aria-pressed", "false");
  await expect(price).toHaveText(PRICE);
  await expect(price).not.toHaveText(singlePrice ?? "");
  await expect(price).toHaveText("$71.95");
  await expect(page).toHaveURL(/\/products\/itchy-scratchy\?variant=ITCHY-2$/);

  await page.reload();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\?variant=ITCHY-2$/);
  await expect(pack).toHaveAttribute("aria-pressed", "true");
  await expect(single).toHaveAttribute("aria-pressed", "false");
  await expect(price).toHaveText("$71.95");

  // The served HTML carries the structured data and SEO tags.
  const response = await request.get("/products/itchy-scratchy");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("application/ld+json");
  expect(html).toMatch(/"@type":\s*"Product"/);
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/localhost:\d+\/products\/itchy-scratchy"/,
  );
  expect(html).toContain('<meta name="description"');
});

test("the ouchie Pack of Two shows Out of Stock", async ({ page }) => {
  await gotoHydrated(page, "/products/ouchie");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ouchie – Comfort & Mobility Support for Dogs & Cats",
  );
  const count = page.getByRole("group", { name: "Count" });
  await expect(page.getByText("In stock", { exact: true })).toBeVisible();
  await expect(page.getByText("Out of Stock", { exact: true })).toBeHidden();

  await count.getByRole("button", { name: "Pack of Two" }).click();
  await expect(count.getByRole("button", { name: "Pack of Two" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(/\?variant=OUCHIE-2$/);
  await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(page.getByText("In stock", { exact: true })).toBeHidden();
  await expect(page.locator(".product-price")).toHaveText("$76.95");

  // The same when the variant comes in the URL (server-rendered).
  await gotoHydrated(page, "/products/ouchie?variant=OUCHIE-2");
  await expect(count.getByRole("button", { name: "Pack of Two" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
});

test("a product page is painted before any of its scripts is asked for, and then becomes interactive", async ({
  page,
}) => {
  await gotoHydrated(page, "/products/itchy-scratchy");
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByType("paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => new URL(r.name).pathname.endsWith(".js"))
      .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
  }));
  expect(timing.paint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(2);
  for (const script of timing.scripts) {
    expect(script.start, script.name).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
  }
  // Hydrated: choosing a variant works without a reload.
  const count = page.getByRole("group", { name: "Count" });
  await count.getByRole("button", { name: "Pack of Two" }).click();
  await expect(page).toHaveURL(/\?variant=ITCHY-2$/);
});

test("a product page shows its rating under the title, linking to the reviews, and the store's promises in the shopper's currency", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/products/itchy-scratchy");
  const main = page.getByRole("main");
  const rating = main.getByRole("link", { name: /^Rated \d\.\d{2} out of 5, \d+ reviews$/ });
  await expect(rating).toBeVisible();
  await expect(rating).toHaveAttribute("href", "#reviews-title");
  // Right under the title.
  const title = await main.getByRole("heading", { level: 1 }).boundingBox();
  const link = await rating.boundingBox();
  expect((link?.y ?? 0) - ((title?.y ?? 0) + (title?.height ?? 0))).toBeLessThan(40);
  const promises = main.locator(".product-trust li");
  await expect(promises).toHaveText([
    "Free US shipping on orders of $149 or more",
    "30-day happiness guarantee",
    "Orders placed by 1 pm Eastern ship the same day",
  ]);
  await screenshot(page, testInfo, "product-rating-trust");
  await rating.click();
  await expect(page.getByRole("heading", { name: "Customer Reviews" })).toBeInViewport();

  // In CAD the shipping promise is Canada's.
  await page.getByLabel("Currency").selectOption("cad");
  await expect(promises.first()).toHaveText("Ships to Canada from CA$12.95");
});
