import { expect, gotoHydrated, screenshot, test } from "./fixtures";

const PASSWORD = "Store-Owner-Demo-2026";
const HANDLE = "design-services";

type Listed = {
  collections: {
    id: string;
    handle: string;
    products: { id: string; title: string; handle: string }[];
  }[];
};

test("the garden studio's admin moves a product to the top of a collection, and shoppers see it first", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // One store setting: changed and put back by one project only, so the other never reads it.
  // The garden studio's collection: no other test reads its order.
  test.skip(testInfo.project.name !== "wide", "a store-wide setting, changed once");
  const origin = `http://garden.localhost:${new URL(baseURL ?? "http://localhost").port}`;
  // Asked from the page: only the browser resolves garden.localhost.
  await page.goto(`${origin}/`);
  const listed = await page.evaluate(async (password) => {
    const signIn = await fetch("/v2/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@fernwood.test", password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    return (await (await fetch("/api/admin/collections")).json()) as Listed;
  }, PASSWORD);
  const collection = listed.collections.find((c) => c.handle === HANDLE);
  const second = collection?.products[1];
  if (!collection || !second) throw new Error("the demo collection holds fewer than two products");
  try {
    await gotoHydrated(page, `${origin}/admin/collections`);
    const card = page.getByRole("region", { name: /^Design Services/ });
    await card.getByRole("button", { name: `Move ${second.title} up` }).click();
    await expect(card.getByRole("listitem").first()).toContainText(second.title);
    await card.getByRole("button", { name: "Save Design Services" }).click();
    await expect(card.getByRole("status")).toHaveText(
      "Design Services is saved: shoppers see this order now.",
    );
    await screenshot(page, testInfo, "admin-collections");

    const shopper = await browser.newPage();
    await gotoHydrated(shopper, `${origin}/collections/${HANDLE}`);
    await expect(shopper.locator("a.product-card-link").first()).toHaveAttribute(
      "href",
      `/products/${second.handle}`,
    );
    await shopper.close();
  } finally {
    const restored = await page.evaluate(
      async ({ id, productIds }) =>
        (
          await fetch(`/api/admin/collections/${id}/products`, {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ productIds }),
          })
        ).status,
      { id: collection.id, productIds: collection.products.map((p) => p.id) },
    );
    expect(restored).toBe(200);
  }
});
