import type { Page } from "@playwright/test";
import { expect, gotoHydrated, openQuickView, test } from "./fixtures";

/** The live region that says which page a navigation in the page opened. */
function announcer(page: Page) {
  return page.locator(".site > div[aria-live='polite']");
}

/** The focused element, as a test can compare it: its tag, class and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? "none",
      className: el?.className ?? "",
      text: el?.textContent?.trim() ?? "",
    };
  });
}

test("a navigation in the page says the new page's title and starts the Tab order at the page's start", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page).toHaveTitle(/^Frequently Asked Questions/);
  await expect(announcer(page)).toHaveText(await page.title());
  await expect.poll(async () => (await focused(page)).className).toBe("page-start");
  // As after a full page load, the first Tab reaches the skip link.
  await page.keyboard.press("Tab");
  await expect.poll(async () => (await focused(page)).text).toBe("Skip to content");
});

test("following a link of the 375 px Menu panel leaves the focus at the new page's start, not on the page's body", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "narrow", "the Menu panel is the narrow layout's");
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Menu" }).click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "FAQ" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect.poll(async () => (await focused(page)).className).toBe("page-start");
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("the Dogs menu closes on Escape, giving the focus back to its button, and when the focus leaves it", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "wide", "the Dogs and Cats menus are the wide layout's");
  await gotoHydrated(page, "/");
  const dogs = page.getByRole("button", { name: "Dogs", exact: true });
  const list = page.getByRole("link", { name: "All remedies for dogs" });
  await dogs.focus();
  await page.keyboard.press("Enter");
  await expect(dogs).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(list).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(dogs).toBeFocused();
  // Open again, then Tab back out of it: it closes.
  await page.keyboard.press("Enter");
  await expect(list).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(dogs).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();
});

test("each review's Helpful button is named by its review, its visible text first", async ({
  page,
}) => {
  await gotoHydrated(page, "/products/itchy-scratchy");
  const buttons = page.getByRole("button", { name: /^Helpful \(/ });
  await expect(buttons.first()).toBeVisible();
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute("aria-label")));
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name).toMatch(/^Helpful \(\d+\): .+'s review$/);
});

test("the quick view's images scroll by keyboard where they do not all fit", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  await openQuickView(page);
  const track = page.getByRole("list", { name: /^Images of / });
  await expect(track).toBeVisible();
  const fits = await track.evaluate((el) => el.scrollWidth <= el.clientWidth);
  // At 375 px one image shows at a time; at 1280 px three.
  if (testInfo.project.name === "narrow") expect(fits).toBe(false);
  if (fits) {
    // Every image in sight: nothing to scroll, so nothing extra in the Tab order.
    await expect(track).not.toHaveAttribute("tabindex", "0");
    return;
  }
  await track.focus();
  await expect(track).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Previous image" })).toBeEnabled();
});

test("every overlay closed by Escape gives the focus back to the button that opened it", async ({
  page,
}) => {
  await gotoHydrated(page, "/products/itchy-scratchy");
  const overlays = [
    {
      opener: page.getByRole("banner").getByRole("button", { name: "Sign in" }),
      overlay: page.getByRole("dialog", { name: "Sign in" }),
    },
    {
      opener: page.getByRole("button", { name: /^Chat with us/ }),
      overlay: page.getByRole("dialog", { name: "Customer Support" }),
    },
    {
      opener: page.getByRole("button", { name: "Write a review" }),
      overlay: page.getByRole("dialog").filter({ has: page.getByRole("radiogroup") }),
    },
  ];
  for (const { opener, overlay } of overlays) {
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(overlay).toBeVisible();
    // The focus is in the overlay while it is open.
    await expect
      .poll(() => overlay.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
    await expect(opener).toBeFocused();
  }
  // The quick view, from a card.
  await gotoHydrated(page, "/");
  const { opener, popup } = await openQuickView(page, 1);
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
});
