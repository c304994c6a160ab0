import { expect, gotoHydrated, PRICE, screenshot, test } from "./fixtures";
import { isWide, PET_HANDLES } from "./visitor-test-helpers";

/** The condition links under both the Dogs and the Cats menu. */
const CONDITIONS = [
  "Allergies",
  "Anxiety",
  "Appetite",
  "Constipation",
  "Diarrhea",
  "General Health",
  "Pain",
  "Urinary Tract & Stones",
  "Yeast & Fungus",
];

test("a new visitor sees the home page with the callout banner, logo, menus and products", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  await expect(page).toHaveTitle(/Pawsome Herbals/);

  // Callout banner above the top bar.
  const callout = page.getByRole("complementary", { name: "Announcements" });
  await expect(
    callout.getByText("FREE SHIPPING ON USA ORDERS $149+", { exact: true }),
  ).toBeVisible();
  const sister = callout.getByRole("link", { name: /sister hemp brand/i });
  await expect(sister).toBeVisible();
  await expect(sister).toHaveAttribute("href", /^http:\/\/hemp\.localhost(:\d+)?\//);

  // Header logo goes home.
  const header = page.getByRole("banner");
  const logo = header.getByRole("link", { name: "Pawsome Herbals home" });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute("href", "/");
  await expect(logo.getByRole("img", { name: "Pawsome Herbals" })).toBeVisible();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Gentle Herbal Remedies for Dogs & Cats",
  );

  // The product grid: a card for each product, each linking to its product page.
  const products = page.getByRole("region", { name: "Shop by condition" });
  const cards = products.locator(".product-grid > li");
  await expect(cards).toHaveCount(PET_HANDLES.length);
  const hrefs = await products
    .locator("a.product-card-link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(PET_HANDLES.map((h) => `/products/${h}`));
  for (const card of await cards.all()) {
    await expect(card.locator(".product-card-price .price")).toHaveText(PRICE);
  }

  const press = page.getByRole("region", { name: "As featured in" });
  if (isWide(testInfo)) {
    await expect(press).toBeVisible();
    await expect(page.getByRole("heading", { name: "As featured in" })).toBeVisible();

    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav).toBeVisible();
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
    for (const menu of ["Dogs", "Cats"]) {
      const toggle = mainNav.getByRole("button", { name: menu });
      const items = mainNav
        .locator(".dropdown", { has: page.getByRole("button", { name: menu }) })
        .getByRole("link");
      await expect(items.first()).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(items).toHaveText([`All remedies for ${menu.toLowerCase()}`, ...CONDITIONS]);
      for (const item of await items.all()) await expect(item).toBeVisible();
      await expect(items.filter({ hasText: "Allergies" })).toHaveAttribute(
        "href",
        "/products/itchy-scratchy",
      );
      // Close it again so it does not cover the next menu.
      await toggle.click();
      await expect(items.first()).toBeHidden();
    }
    await expect(mainNav.getByRole("link", { name: "All Products" })).toBeVisible();
  } else {
    await expect(press).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    // Below the medium breakpoint the same navigation opens as a panel from the Menu button.
    const menuButton = header.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    for (const menu of ["Dogs", "Cats"]) {
      const toggle = nav.getByRole("button", { name: menu });
      await toggle.click();
      const items = nav
        .locator(".dropdown", { has: page.getByRole("button", { name: menu }) })
        .getByRole("link");
      await expect(items).toHaveText([`All remedies for ${menu.toLowerCase()}`, ...CONDITIONS]);
      for (const item of await items.all()) await expect(item).toBeVisible();
      await toggle.click();
    }
    await expect(nav.getByRole("link", { name: "All Products" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/pages/about");
    // Close the menu before the screenshot.
    await menuButton.click();
    await expect(nav).toBeHidden();
  }

  await screenshot(page, testInfo, "home");
});

test("on a 375x667 phone the home page shows products within its first two screens, in the pet and hemp stores", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(isWide(testInfo), "a phone's screen");
  await page.setViewportSize({ width: 375, height: 667 });
  const port = new URL(baseURL ?? "http://localhost").port;
  for (const host of ["localhost", "hemp.localhost"]) {
    await gotoHydrated(page, `http://${host}:${port}/`);
    const first = page.locator(".product-grid > li").first();
    await expect(first).toBeAttached();
    const top = await first.evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
    expect(top, host).toBeLessThan(2 * 667);
  }
});

test("the Dogs and Cats menus open one at a time and close on Escape, an outside click and navigation", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  const header = page.locator("header.site-header");
  const nav = page.getByRole("navigation", { name: "Main" });
  if (!isWide(testInfo)) await header.getByRole("button", { name: "Menu" }).click();
  const dogs = nav.getByRole("button", { name: "Dogs" });
  const cats = nav.getByRole("button", { name: "Cats" });
  const menuItems = (name: string) =>
    nav.locator(".dropdown", { has: page.getByRole("button", { name }) }).getByRole("link");
  const dogItems = menuItems("Dogs");
  const catItems = menuItems("Cats");
  await expect(dogs).toHaveAttribute("aria-expanded", "false");
  await expect(dogs).toHaveAttribute("aria-controls", /.+/);

  // One at a time: opening Cats closes Dogs.
  await dogs.click();
  await expect(dogItems.first()).toBeVisible();
  await cats.click();
  await expect(cats).toHaveAttribute("aria-expanded", "true");
  await expect(dogs).toHaveAttribute("aria-expanded", "false");
  await expect(dogItems.first()).toBeHidden();
  await expect(catItems.first()).toBeVisible();
  await screenshot(page, testInfo, "menu-open");

  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press("Escape");
  await expect(catItems.first()).toBeHidden();
  await expect(cats).toBeFocused();

  // A click outside closes it.
  await dogs.click();
  await expect(dogItems.first()).toBeVisible();
  // (The navigation's own empty corner: outside the menu at every width, and not a link.)
  const box = await nav.boundingBox();
  if (!box) throw new Error("the navigation has no box");
  await page.mouse.click(box.x + 3, box.y + box.height - 3);
  await expect(dogs).toHaveAttribute("aria-expanded", "false");
  await expect(dogItems.first()).toBeHidden();

  // Following a link closes it (and the narrow panel).
  if (!isWide(testInfo)) {
    if (!(await nav.isVisible())) await header.getByRole("button", { name: "Menu" }).click();
  }
  // The first item is the collection's dogs view.
  await dogs.click();
  await dogItems.first().click();
  await expect(page).toHaveURL(/\/collections\/liquid-dog-vitamins-supplements\?pet=dog$/);
  await expect(page.getByRole("combobox", { name: "Pet" })).toHaveValue("dog");
  if (isWide(testInfo)) await expect(dogs).toHaveAttribute("aria-expanded", "false");
  else await expect(nav).toBeHidden();
});

test("the footer states this year, and an empty cart shows no number badge while its button still says 0 items", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await expect(page.locator(".footer-note")).toHaveText(
    new RegExp(`^© ${new Date().getFullYear()} Pawsome Herbals\\.`),
  );
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Cart 0 items" })).toBeVisible();
  // The count is there for screen readers, drawn nowhere.
  const count = page.locator(".cart-count");
  await expect(count).toHaveText("0");
  expect((await count.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

  await page.request.post("/api/cart/items", { data: { sku: "ITCHY-1", quantity: 2 } });
  await gotoHydrated(page, "/");
  await expect(header.getByRole("button", { name: "Cart 2 items" })).toBeVisible();
  expect((await count.boundingBox())?.width ?? 0).toBeGreaterThan(10);
});

test("the footer's social links are the networks' marks, named for screen readers", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  for (const network of ["Instagram", "Facebook", "YouTube"]) {
    const link = footer.getByRole("link", { name: `Pawsome Herbals on ${network}` });
    await expect(link).toBeVisible();
    // The mark is drawn (a 44 px target with the network's mask), the label is not shown.
    const mark = await link.evaluate((a) => getComputedStyle(a, "::before").maskImage);
    expect(mark).toContain(`/icons/${network.toLowerCase()}.svg`);
    const label = await link.locator("span").boundingBox();
    expect(label?.width ?? 0).toBeLessThanOrEqual(1);
    expect((await link.boundingBox())?.width).toBe(44);
  }
});
