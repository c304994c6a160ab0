import type { TestInfo } from "@playwright/test";
import { expect, gotoHydrated, PRICE, screenshot, test, waitForHydration } from "./fixtures";

/** The nine remedies and two bundles of the default pet store, in catalogue order. */
const PET_HANDLES = [
  "itchy-scratchy",
  "no-more-drama",
  "eat",
  "cant-poo-poo",
  "poo-poo-problems",
  "forever-young",
  "ouchie",
  "pee-pee-issues",
  "yucky-fungus",
  "calm-comfort-duo",
  "complete-care-trio",
];

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

const isWide = (testInfo: TestInfo) => testInfo.project.name === "wide";

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

test("the sticky top bar is 200px tall from the medium breakpoint, 150px on a phone, and shrinks to 96px once scrolled", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  const header = page.locator("header.site-header");
  const height = async () => (await header.boundingBox())?.height;
  const tall = isWide(testInfo) ? 200 : 150;

  await expect.poll(height).toBe(tall);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(header).toHaveAttribute("data-scrolled", "");
  // The height animates (CSS transition): poll until it settles.
  await expect.poll(height).toBe(96);
  // Still stuck to the top of the viewport.
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute("data-scrolled");
  await expect.poll(height).toBe(tall);
});

test("on a 375x667 phone the callout and the top bar take at most a third of the screen, at the top and scrolled", async ({
  page,
}, testInfo) => {
  test.skip(isWide(testInfo), "a phone's screen");
  await page.setViewportSize({ width: 375, height: 667 });
  await gotoHydrated(page, "/");
  const taken = () =>
    page.evaluate(() => {
      const bottom = document.querySelector("header.site-header")?.getBoundingClientRect().bottom;
      return bottom === undefined ? null : Math.max(0, bottom);
    });
  // The callout scrolls away with the page; the bar stays.
  await expect.poll(taken).toBeLessThanOrEqual(667 / 3);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(taken).toBe(96);
});

test("the top bar looks intended at 375, 768, 900, 1024 and 1280 px, scrolled and not, in every store", async ({
  page,
  baseURL,
}, testInfo) => {
  // One run covers every width; the narrow project would repeat it.
  test.skip(!isWide(testInfo), "the test sets each width itself");
  test.setTimeout(120_000);
  const port = new URL(baseURL ?? "http://localhost").port;
  const boxes = () =>
    page.evaluate(() => {
      const rect = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, w: r.width, h: r.height } : null;
      };
      const visible = (el: Element) => el.getClientRects().length > 0;
      const select = document.querySelector<HTMLSelectElement>("#currency-select");
      // The width the currency's chosen text needs, in the control's own font.
      let currency: { needs: number; has: number; text: string } | null = null;
      if (select) {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d");
        if (context) context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent ?? "";
        currency = {
          text,
          needs: context?.measureText(text).width ?? 0,
          // Less its padding and the drop-down arrow (about 1rem).
          has:
            select.clientWidth -
            Number.parseFloat(style.paddingLeft) -
            Number.parseFloat(style.paddingRight) -
            16,
        };
      }
      return {
        header: rect(document.querySelector("header.site-header")),
        logo: rect(document.querySelector(".logo img")),
        tools: rect(document.querySelector(".header-tools")),
        // Every control of the bar, to check that none touches another.
        controls: [
          ...document.querySelectorAll(
            ".menu-toggle, .logo img, .search-toggle, #currency-select, .header-tools > button, .header-tools .cart-button",
          ),
        ]
          .filter(visible)
          .map((el) => {
            const r = el.getBoundingClientRect();
            const name = el.textContent?.trim() || el.getAttribute("alt") || el.id || el.className;
            return { text: name, x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        currency,
        // Each menu trigger's disclosure indicator: the chevron drawn after its label.
        indicators: [...document.querySelectorAll(".dropdown-toggle")].filter(visible).map((el) => {
          const after = getComputedStyle(el, "::after");
          return {
            text: el.textContent ?? "",
            drawn: after.content !== "none" && after.width !== "0px",
          };
        }),
        items: [...document.querySelectorAll(".main-nav > ul > li > a, .dropdown-toggle")]
          .filter(visible)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return { text: el.textContent ?? "", x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        sideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  type Box = { x: number; y: number; w: number; h: number };
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  // Touching: closer than 2 px on both axes.
  const touch = (a: Box, b: Box) => overlap({ x: a.x - 2, y: a.y - 2, w: a.w + 4, h: a.h + 4 }, b);

  for (const host of ["localhost", "garden.localhost", "hemp.localhost"]) {
    for (const width of [375, 768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, `http://${host}:${port}/`);
      // The longest currency text and a number badge: the widest the tools get.
      if (host === "localhost") {
        await page.request.post(`http://${host}:${port}/api/cart/items`, {
          data: { sku: "ITCHY-1", quantity: 1 },
        });
        await gotoHydrated(page, `http://${host}:${port}/`);
        if (await page.locator("#currency-select").isVisible()) {
          await page.locator("#currency-select").selectOption("cad");
          await expect(page.locator("#currency-select")).toHaveValue("cad");
        }
      }
      for (const scrolled of [false, true]) {
        const where = `${host} at ${width}px${scrolled ? ", scrolled" : ""}`;
        await page.evaluate((y) => window.scrollTo(0, y), scrolled ? 600 : 0);
        await expect
          .poll(async () => (await boxes()).header?.h, { message: where })
          .toBe(scrolled ? 96 : width < 768 ? 150 : 200);
        await page.waitForTimeout(350); // the logo's own transition
        const b = await boxes();
        if (!b.logo || !b.tools) throw new Error(`no logo or tools: ${where}`);
        // The spec's logo widths, and a logo large enough to read.
        expect(b.logo.w, where).toBeLessThanOrEqual(width < 768 ? 130 : 200);
        expect(b.logo.h, where).toBeGreaterThanOrEqual(30);
        expect(b.sideways, where).toBe(false);
        expect(overlap(b.logo, b.tools), `${where}: logo and tools`).toBe(false);
        for (const [i, one] of b.controls.entries()) {
          for (const other of b.controls.slice(i + 1)) {
            expect(touch(one, other), `${where}: ${one.text} touches ${other.text}`).toBe(false);
          }
        }
        if (b.currency) {
          expect(
            b.currency.needs,
            `${where}: the currency control shows "${b.currency.text}" whole`,
          ).toBeLessThanOrEqual(b.currency.has);
        }
        for (const menu of b.indicators) {
          expect(menu.drawn, `${where}: ${menu.text} shows a disclosure indicator`).toBe(true);
        }
        // The navigation is one row.
        expect(new Set(b.items.map((item) => Math.round(item.y))).size, where).toBeLessThanOrEqual(
          1,
        );
        for (const item of b.items) {
          // Each item on one line, clear of the logo and the tools.
          expect(item.h, `${where}: ${item.text}`).toBeLessThanOrEqual(44);
          expect(overlap(item, b.tools), `${where}: ${item.text} and tools`).toBe(false);
          expect(overlap(item, b.logo), `${where}: ${item.text} and logo`).toBe(false);
        }
        if (host === "localhost") {
          await page.screenshot({
            path: `${testInfo.project.outputDir}/screens/header-${width}${scrolled ? "-scrolled" : ""}.png`,
            clip: { x: 0, y: 0, width, height: 260 },
          });
        }
      }
    }
  }
});

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

test("the All Products collection lists the nine remedies and the two bundles", async ({
  page,
}, testInfo) => {
  const response = await gotoHydrated(page, "/collections/liquid-dog-vitamins-supplements");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  await expect(page).toHaveTitle("All Products | Pawsome Herbals");
  await expect(page.locator(".collection-description")).toContainText("liquid herbal remedies");

  const links = page.getByRole("main").locator(".product-grid a.product-card-link");
  await expect(links).toHaveCount(PET_HANDLES.length);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(PET_HANDLES.map((h) => `/products/${h}`));
  // Card titles sit right under the h1, so they are h2 (headings in order for screen readers).
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(
    PET_HANDLES.length,
  );
  await expect(
    page.getByRole("heading", { name: "Itchy Scratchy – Allergy Support for Dogs & Cats" }),
  ).toBeVisible();

  await screenshot(page, testInfo, "collection");
});

test("the collection sorts and filters by pet and condition, counts and rates its products, and its URL can be shared", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const path = "/collections/liquid-dog-vitamins-supplements";
  await gotoHydrated(page, path);
  const main = page.getByRole("main");
  const count = main.getByRole("status");
  const titles = main.locator(".product-card-title");
  const pet = main.getByRole("combobox", { name: "Pet" });
  const condition = main.getByRole("combobox", { name: "Condition" });
  const sort = main.getByRole("combobox", { name: "Sort by" });
  await expect(count).toHaveText("11 products");
  // Each card shows its stars, read out as words.
  await expect(main.locator(".product-card").first()).toContainText(
    "Rated 4.27 out of 5, 30 reviews",
  );
  // The nine remedies have reviews; the two bundles have none yet, and show no stars.
  await expect(main.locator(".product-card-rating")).toHaveCount(9);

  await pet.selectOption("cat");
  await expect(page).toHaveURL(`${path}?pet=cat`);
  await expect(count).toHaveText("Showing 11 of 11 products");
  await condition.selectOption({ label: "Pain (1)" });
  await expect(page).toHaveURL(`${path}?pet=cat&condition=pain`);
  await expect(count).toHaveText("Showing 1 of 11 products");
  await expect(titles).toHaveText(["Ouchie – Comfort & Mobility Support for Dogs & Cats"]);
  await expect(page).toHaveTitle("All Products: Cats, Pain | Pawsome Herbals");

  // Back restores the choices along with the products.
  await page.goBack();
  await expect(page).toHaveURL(`${path}?pet=cat`);
  await expect(condition).toHaveValue("");
  await expect(pet).toHaveValue("cat");
  await expect(titles).toHaveCount(11);

  await pet.selectOption("");
  await sort.selectOption({ label: "Price: high to low" });
  await expect(page).toHaveURL(`${path}?sort=price-desc`);
  const prices = async () =>
    (await main.locator(".product-card-price .price").allTextContents()).map((p) =>
      Number(p.replace(/[^0-9.]/g, "")),
    );
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length === 11 && shown.join() === [...shown].sort((a, b) => b - a).join();
    })
    .toBe(true);
  await screenshot(page, testInfo, "collection-sorted");

  // Choices that together list nothing say so and offer the whole collection back (the hemp
  // store's only remedy for anxiety is for dogs).
  const port = new URL(baseURL ?? "http://localhost:4317").port;
  await gotoHydrated(
    page,
    `http://hemp.localhost:${port}/collections/all?pet=cat&condition=anxiety`,
  );
  await expect(main).toContainText("No products match these filters.");
  await main.getByRole("link", { name: "Show all 5 products" }).click();
  await expect(page).toHaveURL(`http://hemp.localhost:${port}/collections/all`);
  await expect(titles).toHaveCount(5);
  // The link went with the empty list: the focus is on the new count, not lost.
  await expect(count).toBeFocused();

  // A sort the store does not know, or a condition no product has (an old link), is a 400 page
  // that says why.
  const bad = await page.request.get(`${path}?sort=cheapest`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain(
    "sort: Sort must be one of featured, price-asc, price-desc, rating, newest",
  );
  const gone = await page.request.get(`${path}?condition=fleas`);
  expect(gone.status()).toBe(400);
  expect(await gone.text()).toContain(
    "No product in this collection has condition &quot;fleas&quot;",
  );

  // Without JavaScript the same form is sent by Apply, and the server renders the view.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const noScript = await plain.newPage();
  await noScript.goto(path);
  await noScript.getByRole("combobox", { name: "Condition" }).selectOption("anxiety");
  await noScript.getByRole("button", { name: "Apply" }).click();
  await expect(noScript).toHaveURL(/condition=anxiety/);
  await expect(noScript.getByRole("main").getByRole("status")).toHaveText(
    "Showing 1 of 11 products",
  );
  await expect(noScript.getByRole("main").locator(".product-card-title")).toHaveText([
    "No More Drama – Calm Support for Dogs & Cats",
  ]);
  await plain.close();
});

test("images are cropped to their slot's shape and sized to it: the banner, the cards and the thumbnails", async ({
  page,
}, testInfo) => {
  /** What the browser chose for an image, once it has loaded it. */
  const loaded = async (img: import("@playwright/test").Locator) => {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    // (naturalWidth is scaled by the srcset's density: the file's own size is decoded here.)
    return img.evaluate(async (el: HTMLImageElement) => {
      const file = await createImageBitmap(await (await fetch(el.currentSrc)).blob());
      return {
        src: el.currentSrc,
        natural: file.width / file.height,
        naturalWidth: file.width,
        shown: el.clientWidth / el.clientHeight,
        width: el.clientWidth,
      };
    });
  };
  await gotoHydrated(page, "/");
  const banner = await loaded(page.locator(".page-image").first());
  // The file has the slot's shape (nothing stretched or cut again) and at least its width.
  expect(banner.src).toContain(isWide(testInfo) ? "shape=banner" : "shape=wide");
  expect(Math.abs(banner.natural - banner.shown)).toBeLessThan(0.02);
  expect(banner.naturalWidth).toBeGreaterThanOrEqual(Math.min(banner.width, 1600));

  await gotoHydrated(page, "/collections/liquid-dog-vitamins-supplements");
  const card = await loaded(page.locator(".product-card-image").first());
  expect(card.src).toContain("shape=square");
  expect(Math.abs(card.natural - card.shown)).toBeLessThan(0.02);
  // A card is at most 268 px wide: its file is one of the small ones, not the 728 px one.
  expect(card.naturalWidth).toBeGreaterThanOrEqual(card.width);
  expect(card.naturalWidth).toBeLessThanOrEqual(isWide(testInfo) ? 320 : 192);

  await gotoHydrated(page, "/products/itchy-scratchy");
  // The second image's: the first is also the main image, whose larger file the browser may
  // reuse for its thumbnail.
  const thumb = await loaded(page.locator(".gallery-thumbs img").nth(1));
  expect(thumb.src).toContain("itchy-scratchy-2.jpg?w=96&shape=square");
  expect(thumb.naturalWidth).toBe(96);
  const main = await loaded(page.locator(".gallery-main"));
  expect(main.naturalWidth).toBeGreaterThanOrEqual(main.width);
  expect(main.naturalWidth).toBeLessThanOrEqual(800);
  await screenshot(page, testInfo, "product-images");
});

test("a static page renders its title, text blocks and sections", async ({ page }, testInfo) => {
  // About: a title, a hero image and three text blocks.
  await gotoHydrated(page, "/pages/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("About Pawsome Herbals");
  await expect(page).toHaveTitle("About Pawsome Herbals | Pawsome Herbals");
  await expect(main.locator(".text-block")).toHaveCount(3);
  await expect(main.locator(".text-block").first()).toContainText("kitchen table in 2014");
  await expect(
    main.getByRole("img", { name: "Rolling hills and the herb farm where our blends begin" }),
  ).toBeVisible();
  await screenshot(page, testInfo, "about");

  // FAQ: a title and seven sections, one with a coloured subheading.
  await gotoHydrated(page, "/pages/faq");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const sections = main.locator("section.section");
  await expect(sections).toHaveCount(7);
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([
    "Are your remedies safe for cats?",
    "How long does one bottle last?",
    "How soon will I see a difference?",
    "Can I give more than one formula at a time?",
    "Can I use your remedies with my pet's medication?",
    "Do you ship to Canada?",
    "What if my pet will not take it?",
  ]);
  await expect(main.getByText("Depends on your pet's size")).toBeVisible();
  // Quoted from the store's shipping table, as checkout charges it ({{shipping.CA.standard.estimate}}).
  await expect(sections.nth(5)).toContainText("Standard delivery takes 4–8 business days.");

  // A policy page: same view under /policies/.
  const response = await gotoHydrated(page, "/policies/shipping-policy");
  expect(response?.status()).toBe(200);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Shipping Policy");
  await expect(main.locator(".text-block")).toHaveCount(3);
  await expect(main).toContainText(/free shipping on US orders of \$149 or more/i);
  // The rates checkout charges, never typed into the page.
  await expect(main).toContainText("Standard at CA$12.95 (4–8 business days)");
  await expect(main).not.toContainText("{{");
});

test.describe(() => {
  // Chromium reports a document answered with 404 as a console error ("Failed to load resource")
  // located at the document's own URL. That status is what this test asks for, so that single
  // message is allowed; any other console error still fails the test.
  test.use({
    allowedConsoleErrors: [{ text: /status of 404 \(Not Found\)/, path: "/pages/does-not-exist" }],
  });

  test("an unknown page shows a real 404 page", async ({ page }) => {
    const response = await page.goto("/pages/does-not-exist");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
    // The frame stays.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pawsome Herbals home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});

test("navigating between pages in the browser keeps the frame and scrolls to the top", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Gentle Herbal Remedies for Dogs & Cats",
  );
  // A marker that survives only a client-side navigation (a full page load would drop it).
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker: string }).__e2eMarker = "still here";
  });

  const aboutLink = page.getByRole("contentinfo").getByRole("link", { name: "About Us" });
  await aboutLink.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await aboutLink.click();

  await expect(page).toHaveURL(/\/pages\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Pawsome Herbals");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker),
  ).toBe("still here");
  await expect(page).toHaveTitle("About Pawsome Herbals | Pawsome Herbals");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Announcements" })).toBeVisible();
});

test("each store has its own type, its own drawings and its home page's own headings", async ({
  page,
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL ?? "http://localhost:4317").port;
  const stores = [
    { host: "localhost", font: "Literata", products: "Shop by condition", hero: "hero-home" },
    {
      host: "garden.localhost",
      font: "Fraunces",
      products: "Design services",
      hero: "hero-garden",
    },
    {
      host: "hemp.localhost",
      font: "Work Sans",
      products: "Hemp nutrition for every pet",
      hero: "hero-hemp-field",
    },
  ];
  for (const store of stores) {
    await gotoHydrated(page, `http://${store.host}:${port}/`);
    const title = page.getByRole("heading", { level: 1 });
    expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(store.font);
    // The store's face itself has arrived, not a fallback.
    await expect
      .poll(() =>
        page.evaluate(
          (family) =>
            [...document.fonts].some(
              (face) => face.family.replaceAll('"', "") === family && face.status === "loaded",
            ),
          store.font,
        ),
      )
      .toBe(true);
    // The products sit where the page places them, under the page's own heading.
    const products = page.getByRole("region", { name: store.products });
    await expect(products.locator(".product-card").first()).toBeVisible();
    expect(await page.locator(".page-image").getAttribute("src")).toContain(`/${store.hero}_728`);
    await screenshot(page, testInfo, `home-${store.host}`);
  }
});

test("the hemp store is served on its own host", async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? "http://localhost:4317").port;
  await gotoHydrated(page, "/");
  const petTitle = await page.title();
  expect(petTitle).toContain("Pawsome Herbals");

  const response = await gotoHydrated(page, `http://hemp.localhost:${port}/`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Hemp & Hearth Nutrition/);
  expect(await page.title()).not.toContain("Pawsome Herbals");
  await expect(page.getByRole("link", { name: "Hemp & Hearth Nutrition home" })).toBeVisible();

  const hrefs = await page
    .getByRole("main")
    .locator("a.product-card-link")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const handle of PET_HANDLES) expect(hrefs).not.toContain(`/products/${handle}`);
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
