import { expect, gotoHydrated, test } from "./fixtures";

test("a shopper opens search with the keyboard, types “itchy dog”, picks the first result and lands on Itchy Scratchy", async ({
  page,
}) => {
  await gotoHydrated(page, "/products/eat");
  await page.keyboard.press("/");
  const field = page.getByRole("combobox", { name: "Search the store" });
  await expect(field).toBeFocused();
  await page.keyboard.type("itchy dog");
  const first = page.getByRole("listbox", { name: "Results" }).getByRole("option").first();
  await expect(first).toContainText("Itchy Scratchy");
  await expect(first).toContainText(/\$\d+\.\d{2}/);
  await page.keyboard.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", /.+/);
  await expect(first).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\/itchy-scratchy$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Itchy Scratchy");

  // Escape closes the search and gives the focus back to its toggle.
  await page.keyboard.press("/");
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(field).toBeHidden();
  await expect(page.locator(".site-search > summary")).toBeFocused();
});

test("a shopper finds the shipping policy: Enter on the query opens the results page", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.locator(".site-search > summary").click();
  const field = page.getByRole("combobox", { name: "Search the store" });
  await field.fill("shipping policy");
  await expect(page.getByRole("option", { name: "Shipping Policy" })).toBeVisible();
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=shipping\+policy$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("status").filter({ hasText: /results?$/ })).toBeVisible();
  await page.getByRole("link", { name: "Shipping Policy" }).first().click();
  await expect(page).toHaveURL(/\/policies\/shipping-policy$/);
});

test("a search that finds nothing suggests the conditions and the most popular remedies", async ({
  page,
}) => {
  await gotoHydrated(page, "/search?q=zzqx+plorb");
  await expect(page.getByText("No results for “zzqx plorb”")).toBeVisible();
  await page.getByRole("link", { name: "Allergies" }).first().click();
  await expect(page).toHaveURL(/\/collections\/.+\?condition=allergies$/);
});

test("without JavaScript, the search is a plain form to the results page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator(".site-search > summary").click();
  await page.getByRole("combobox", { name: "Search the store" }).fill("fireworks");
  await page.getByRole("button", { name: "Search", exact: true }).first().click();
  await expect(page).toHaveURL(/\/search\?q=fireworks$/);
  await expect(page.locator(".product-grid a").first()).toHaveAttribute(
    "href",
    "/products/no-more-drama",
  );
  await context.close();
});
