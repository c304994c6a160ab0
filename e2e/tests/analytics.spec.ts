import { expect, gotoHydrated, test } from "./fixtures";

interface ReportEntry {
  cartData: { cartStatus: string; cartItems: { sku: string; quantity: number }[] };
  productPageViews: { handle: string }[];
  viewedPages: { path: string; duration: number }[];
  searchHistory: { query: string; duration: number | null }[];
  attribution: { campaign: string | null; source: string | null } | null;
  totalViewTime: number;
}

test("a visitor views two products, adds one to the cart and leaves; the admin's abandoned-cart report shows exactly that", async ({
  browser,
  baseURL,
}, testInfo) => {
  // What is recorded does not depend on the width: once is enough.
  test.skip(testInfo.project.name === "narrow", "runs once, in the wide project");
  const campaign = `e2e-${Date.now()}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `/?utm_source=newsletter&utm_campaign=${campaign}`);
  // The visit opens once the page is idle.
  await expect
    .poll(() => context.cookies().then((all) => all.some((c) => c.name === "sf_visit")))
    .toBe(true);
  await page.locator(`main a[href="/products/eat"]`).first().click();
  await expect(page).toHaveURL(/\/products\/eat$/);
  // The address changes before the new page is on screen: the visit records the page once it is.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("sf_analytics:pet-remedies") ?? ""))
    .toContain('"/products/eat"');
  // A search from the top bar is part of the visit once typing settles.
  await page.keyboard.press("/");
  await page.keyboard.type("fireworks");
  await expect(
    page.getByRole("listbox", { name: "Results" }).getByRole("option").first(),
  ).toContainText("No More Drama");
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("sf_analytics:pet-remedies") ?? ""))
    .toContain('"query":"fireworks"');
  await page.keyboard.press("Escape");
  // A full page load: the visit goes on once the tracker has started again on the new page.
  const resumed = page.waitForResponse((r) => r.url().endsWith("/metrics/initialize"));
  await gotoHydrated(page, "/products/itchy-scratchy");
  await resumed;
  await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  // Leaving: the page's beacons report the visit and the abandoned cart.
  await page.close({ runBeforeUnload: true });
  await context.close();

  const admin = await browser.newContext();
  const login = await admin.request.post(`${baseURL}/v2/auth/login`, {
    data: {
      email: "admin@pawsome.test",
      password: "Store-Owner-Demo-2026",
      store_id: "pet-remedies",
    },
  });
  expect(login.status()).toBe(200);
  let entry: ReportEntry | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`${baseURL}/api/admin/abandoned-carts?pageSize=100`);
        const carts = ((await res.json()) as { carts: ReportEntry[] }).carts;
        entry = carts.find((c) => c.attribution?.campaign === campaign);
        return entry?.viewedPages.length ?? 0;
      },
      { timeout: 10_000 },
    )
    .toBe(3);
  expect(entry?.cartData.cartStatus).toBe("abandoned");
  expect(entry?.cartData.cartItems.map((l) => [l.sku, l.quantity])).toEqual([["ITCHY-1", 1]]);
  expect(entry?.productPageViews.map((v) => v.handle)).toEqual(["eat", "itchy-scratchy"]);
  expect(entry?.viewedPages.map((v) => v.path)).toEqual([
    `/?utm_source=newsletter&utm_campaign=${campaign}`,
    "/products/eat",
    "/products/itchy-scratchy",
  ]);
  expect(entry?.attribution?.source).toBe("newsletter");
  expect(entry?.searchHistory.map((s) => s.query)).toEqual(["fireworks"]);
  await admin.close();
});
