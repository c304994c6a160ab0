import { expect, gotoHydrated, screenshot, test } from "./fixtures";
import { isWide, PET_HANDLES } from "./visitor-test-helpers";

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
