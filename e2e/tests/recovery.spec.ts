import { expect, gotoHydrated, test } from "./fixtures";
import { mailedLink } from "./mail";

const VISIT_KEY = "sf_analytics:hemp-nutrition";

test("a shopper who types their email at checkout and leaves gets a reminder whose link restores the cart in another browser", async ({
  browser,
  baseURL,
}, testInfo) => {
  // The reminder's way does not depend on the width: once is enough.
  test.skip(testInfo.project.name === "narrow", "runs once, in the wide project");
  // The reminders job runs every minute (the hemp store reminds at once: e2e/prepare-store.ts).
  test.setTimeout(150_000);
  const hemp = `http://hemp.localhost:${new URL(baseURL ?? "http://localhost").port}`;
  const email = `leaver.${Date.now()}@example.com`;

  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `${hemp}/products/calming-chews`);
  await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  // The visit is open in this tab once its tracker has recorded the page.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? "", VISIT_KEY))
    .toContain("/products/calming-chews");

  await gotoHydrated(page, `${hemp}/checkout`);
  await page
    .getByRole("main")
    .getByLabel(/^Email/)
    .fill(email);
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? "", VISIT_KEY))
    .toContain(email);
  // Leaving: the page's beacons report the visit (with the email) and the abandoned cart.
  await page.close({ runBeforeUnload: true });
  await context.close();

  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = mailedLink(email, "/cart/recover");
        return link;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .not.toBeNull();

  // Another browser, with nothing of the first: the link puts the cart back.
  const other = await browser.newContext();
  const restored = await other.newPage();
  await gotoHydrated(restored, `${hemp}${link}`);
  await restored.getByRole("button", { name: "Restore my cart" }).click();
  await expect(restored).toHaveURL(`${hemp}/cart`);
  await expect(restored.getByRole("main")).toContainText("Calming");
  // The link works once.
  const again = await other.newPage();
  await gotoHydrated(again, `${hemp}${link}`);
  await again.getByRole("button", { name: "Restore my cart" }).click();
  await expect(again.getByRole("alert")).toBeVisible();
  await other.close();
});
