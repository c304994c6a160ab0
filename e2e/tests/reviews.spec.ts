import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test, waitForHydration } from "./fixtures";

const PRODUCT = "/products/no-more-drama";

function reviewsSection(page: Page) {
  return page.getByRole("region", { name: "Customer Reviews" });
}

function reviewCards(page: Page) {
  return reviewsSection(page).getByRole("list", { name: "Reviews" }).locator(":scope > li");
}

/** Chooses an option of the widget's Sort by or Rating dropdown. */
async function choose(page: Page, dropdown: "Sort by" | "Rating", option: string) {
  await reviewsSection(page)
    .getByRole("button", { name: new RegExp(`^${dropdown}`) })
    .click();
  await page.getByRole("menuitemradio", { name: option, exact: true }).click();
}

async function helpfulCount(card: Locator): Promise<number> {
  const text = await card.getByRole("button", { name: /^Helpful/ }).textContent();
  return Number(/\((\d+)\)/.exec(text ?? "")?.[1]);
}

test("a visitor writes a review with the keyboard, finds it under Latest, by its star and by its text, and marks another review helpful", async ({
  page,
}, testInfo) => {
  const marker = `kestrel-${testInfo.project.name}-${Date.now()}`;
  const text = `Our terrier napped through the whole storm (${marker}).`;

  await gotoHydrated(page, PRODUCT);
  const section = reviewsSection(page);
  await expect(section.getByRole("heading", { name: "Customer Reviews" })).toBeVisible();
  await expect(section.locator(".reviews-count")).toHaveText(/^\d+ reviews$/);
  const before = Number((await section.locator(".reviews-count").textContent())?.split(" ")[0]);

  // The three steps, by keyboard only.
  await section.getByRole("button", { name: "Write a review" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "How would you rate this item" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sorry not for me", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Delicious I loved it", { exact: true })).toBeVisible();
  const next = dialog.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  // Focus starts on the first star; arrow keys move along the stars and choose.
  await expect(dialog.getByRole("radio", { name: "1 star (Sorry not for me)" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(next).toBeEnabled();
  await screenshot(page, testInfo, "review-step-1");
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");

  const textStep = page.getByRole("dialog", { name: "Tell us more!" });
  const textarea = textStep.getByPlaceholder("Write your review here...");
  await expect(textarea).toBeFocused();
  await expect(textStep.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
  await expect(textStep.getByRole("button", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");

  const aboutStep = page.getByRole("dialog", { name: "About you" });
  await expect(aboutStep.getByLabel("Display Name *")).toBeFocused();
  await expect(aboutStep.getByLabel("Email *")).toHaveAttribute("type", "email");
  const submit = aboutStep.getByRole("button", { name: "Submit Review" });
  await expect(submit).toBeDisabled();
  await page.keyboard.type("Robin E2E");
  await page.keyboard.press("Tab");
  await page.keyboard.type("robin.e2e@example.com");
  await expect(submit).toBeEnabled();
  await screenshot(page, testInfo, "review-step-3");
  // Focus stays inside the modal dialog: Tab from the last control comes back round.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null)).toBe(
    true,
  );
  await aboutStep.getByLabel("Email *").focus();
  await page.keyboard.press("Enter");

  const thanks = page.getByRole("dialog", { name: "Thank You!" });
  await expect(thanks).toBeVisible();
  await expect(thanks.getByText("Your review has been submitted successfully.")).toBeVisible();
  await expect(thanks.getByRole("button")).toHaveCount(0);
  await expect(thanks).toBeHidden({ timeout: 5_000 });

  // First under Latest, and counted.
  await expect(section.locator(".reviews-count")).toHaveText(`${before + 1} reviews`);
  const first = reviewCards(page).first();
  await expect(first).toContainText(text);
  await expect(first).toContainText("Robin E2E");
  await expect(first).toContainText("Review for No More Drama – Calm Support for Dogs & Cats");
  await expect(first.getByText("Verified Buyer")).toHaveCount(0);
  await expect(first.getByRole("img", { name: "Rated 3 out of 5 stars" })).toBeVisible();
  await expect(section).not.toContainText("robin.e2e@example.com");

  // Its star: only 3-star reviews, ours among them.
  await choose(page, "Rating", "3 stars");
  await expect(reviewCards(page).filter({ hasText: marker })).toHaveCount(1);
  const ratings = await reviewCards(page)
    .locator(".review-meta [role=img]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(ratings.length).toBeGreaterThan(0);
  expect(new Set(ratings)).toEqual(new Set(["Rated 3 out of 5 stars"]));
  await choose(page, "Rating", "All");

  // Its text.
  await section.getByRole("searchbox", { name: "Search" }).fill(marker);
  await expect(reviewCards(page)).toHaveCount(1);
  await expect(reviewCards(page).first()).toContainText(text);
  await section.getByRole("searchbox", { name: "Search" }).fill("");
  // One vote per review per IP address: the two viewports (one address) vote on different reviews.
  const reviewer = testInfo.project.name === "wide" ? "Kenji Watanabe" : "Megan Torres";
  await expect(reviewCards(page).filter({ hasText: reviewer })).toHaveCount(1);

  // Another shopper's review is helpful; the vote is remembered for this visitor.
  const other = reviewCards(page).filter({ hasText: reviewer });
  const helpful = other.getByRole("button", { name: /^Helpful/ });
  await expect(helpful).toHaveAttribute("aria-pressed", "false");
  const votes = await helpfulCount(other);
  await helpful.click();
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await expect(helpful).toHaveText(`Helpful (${votes + 1})`);
  await screenshot(page, testInfo, "reviews");

  await page.reload();
  await waitForHydration(page);
  const again = reviewCards(page).filter({ hasText: reviewer });
  await expect(again.getByRole("button", { name: /^Helpful/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(again.getByRole("button", { name: /^Helpful/ })).toHaveText(
    `Helpful (${votes + 1})`,
  );
});

test("the product page renders its reviews and their aggregate rating into the HTML and JSON-LD", async ({
  request,
}) => {
  const html = await (await request.get("/products/itchy-scratchy")).text();
  expect(html).toContain("Customer Reviews");
  expect(html).toContain("No more 3 a.m. scratching");
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1] ?? "null"))
    .find((d) => d?.["@type"] === "Product");
  expect(ld.aggregateRating).toMatchObject({
    "@type": "AggregateRating",
    reviewCount: expect.any(Number),
    bestRating: 5,
  });
  expect(ld.aggregateRating.reviewCount).toBeGreaterThanOrEqual(30);
  // The aggregate and the first few reviews: the HTML has the whole first page already.
  expect(ld.review).toHaveLength(5);
  expect(ld.review[0]).toMatchObject({
    "@type": "Review",
    author: { "@type": "Person" },
    reviewRating: { "@type": "Rating" },
  });
  expect(html).not.toContain("@example.com");
});

test("Show More Reviews pages in 25s, Photos & videos shows the photos, and a product without reviews invites the first", async ({
  page,
  baseURL,
}) => {
  await gotoHydrated(page, "/products/itchy-scratchy");
  const section = reviewsSection(page);
  await expect(reviewCards(page)).toHaveCount(25);
  await section.getByRole("button", { name: "Show More Reviews" }).click();
  await expect(reviewCards(page)).toHaveCount(30);
  await expect(section.getByRole("button", { name: "Show More Reviews" })).toHaveCount(0);

  // The toggle makes a new list: back to the first 25, here the reviews with photos.
  await section.getByRole("checkbox", { name: "Photos & videos" }).check();
  await expect(reviewCards(page)).toHaveCount(2);
  const photo = reviewCards(page)
    .first()
    .getByRole("button", { name: /^Open photo 1 of 2/ });
  await photo.click();
  const viewer = page.getByRole("dialog", { name: "Photo 1 of 2" });
  await expect(viewer.getByRole("img")).toBeVisible();
  await viewer.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const port = new URL(baseURL ?? "http://localhost").port;
  await gotoHydrated(page, `http://garden.localhost:${port}/products/seasonal-planting-plan`);
  const empty = reviewsSection(page);
  await expect(empty.getByText("No Reviews Yet")).toBeVisible();
  await expect(empty.getByText("Be the first to share your experience!")).toBeVisible();
  await empty.getByRole("button", { name: "Write a Review" }).click();
  await expect(page.getByRole("dialog", { name: "How would you rate this item" })).toBeVisible();
  // A click on the backdrop (outside the panel) closes the dialog.
  await page.mouse.click(5, 5);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
