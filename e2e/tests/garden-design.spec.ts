import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test } from "./fixtures";
import { lastMailTo } from "./mail";

/** The garden studio's origin on the port the store under test listens on. */
function gardenOrigin(baseURL: string | undefined): string {
  return `http://garden.localhost:${new URL(baseURL ?? "http://localhost").port}`;
}

/** The wizard on the page, and its parts. */
function wizard(page: Page) {
  const form = page.getByRole("form", { name: "Garden Design Form" });
  return {
    form,
    next: form.getByRole("button", { name: "Next Step" }),
    field: (name: string) => form.getByRole("textbox", { name }),
    messages: form.getByRole("alert").filter({ hasText: /\S/ }),
    async expectStep(n: number, title: string, percent: number) {
      await expect(form.getByText(`Step ${n} of 6`)).toBeVisible();
      await expect(form.getByText(`${percent}%`, { exact: true })).toBeVisible();
      await expect(form.getByRole("heading", { name: title })).toBeVisible();
    },
  };
}

async function expectMessages(messages: Locator, texts: string[]) {
  await expect(messages).toHaveText(texts);
}

/** Nothing is wider than the window (no sideways scrolling at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

/** Fills every step with valid answers, from step 1 to the review step. */
async function fillAllSteps(page: Page, name: string) {
  const w = wizard(page);
  await w.field("Full Name").fill(name);
  await w.field("Email Address").fill("robin@example.com");
  await w.next.click();
  await w.field("Where is your garden located?").fill("Backyard");
  await w.field("Length (feet)").fill("20");
  await w.field("Width (feet)").fill("10");
  await w.next.click();
  await w.form.getByRole("radio", { name: "Full sun (6+ hours per day)" }).check();
  await w.form.getByRole("radio", { name: "Medium - Moderate care and attention" }).check();
  await w.next.click();
  await w.form.getByRole("checkbox", { name: "Clean and simple" }).check();
  await w.next.click();
  await w.field("Color preferences").fill("Whites and silvers");
  await w.next.click();
  await w.expectStep(6, "Review & Submit", 100);
}

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === "narrow";

test("a visitor walks the six steps of the Garden Design Form, sends it, and the store keeps and mails it", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = gardenOrigin(baseURL);
  const name = `Robin ${testInfo.project.name} ${Date.now()}`;
  await gotoHydrated(page, `${origin}/`);
  const w = wizard(page);
  await expect(page.getByRole("heading", { name: "Garden Design Form", level: 2 })).toBeVisible();
  await w.expectStep(1, "Personal Information", 17);
  await expect(w.form.getByText("Fill out this section to continue")).toBeVisible();
  await expect(w.form.getByRole("button", { name: "Previous" })).toHaveCount(0);

  // Step 1. The form's code loads after the page: Next answers once it has.
  await expect(async () => {
    await w.next.click();
    await expectMessages(w.messages, ["Full Name is required", "Email Address is required"]);
  }).toPass();
  await expect(w.field("Full Name")).toBeFocused();
  await screenshot(page, testInfo, "garden-step-1-messages");
  await w.field("Full Name").fill(name);
  await w.field("Email Address").fill("robin@example");
  await w.next.click();
  await expectMessages(w.messages, ["Please enter a valid email address"]);
  await w.field("Email Address").fill("robin@example.com");
  await expectMessages(w.messages, []);
  // Enter in a field moves nothing and sends nothing.
  await w.field("Email Address").press("Enter");
  await w.expectStep(1, "Personal Information", 17);
  await w.next.click();

  // Step 2, with the live preview of the dimensions.
  await w.expectStep(2, "Location & Space Information", 33);
  await w.next.click();
  await expectMessages(w.messages, [
    "Where is your garden located? is required",
    "Length is required",
    "Width is required",
  ]);
  await w.field("Zip Code").fill("12345-678");
  await w.field("Where is your garden located?").fill("B");
  await w.field("Length (feet)").fill("0.99");
  await w.field("Width (feet)").fill("1e3");
  await w.next.click();
  await expectMessages(w.messages, [
    "Please enter a valid US zipcode (e.g., 10001 or 10001-1234)",
    "Where is your garden located? must be at least 2 characters",
    "Length must be at least 1 foot",
    "Width must be a valid number",
  ]);
  await w.field("Width (feet)").fill("1000.01");
  await expectMessages(w.messages.last(), ["Width must not exceed 1000 feet"]);
  await w.field("Zip Code").fill("97214");
  await w.field("Where is your garden located?").fill("Backyard");
  await w.field("Length (feet)").fill("24");
  await w.field("Width (feet)").fill("");
  await expect(w.form.locator(".garden-preview")).toHaveText("Preview: 24 feet x ___ feet");
  await w.field("Width (feet)").fill("12.5");
  await expect(w.form.locator(".garden-preview")).toHaveText("Preview: 24 feet x 12.5 feet");
  await w.field("Width (feet)").press("Enter");
  await w.expectStep(2, "Location & Space Information", 33);
  await screenshot(page, testInfo, "garden-step-2");
  await w.next.click();

  // Step 3 with the keyboard alone: arrows choose within a group, Tab moves on, Enter presses.
  await w.expectStep(3, "Environmental Conditions", 50);
  await w.next.click();
  await expectMessages(w.messages, ["Sunlight hours is required", "Maintenance level is required"]);
  await expect(w.form.getByRole("radio", { name: "Full sun (6+ hours per day)" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(w.form.getByRole("radio", { name: "Part sun (3-6 hours)" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(w.form.getByRole("radio", { name: "Low - Minimal care required" })).toBeFocused();
  await page.keyboard.press("Space");
  await expectMessages(w.messages, []);
  await page.keyboard.press("Tab");
  await expect(w.form.getByRole("button", { name: "Previous" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(w.next).toBeFocused();
  await page.keyboard.press("Enter");

  // Step 4: a style, and a description for 'Other'.
  await w.expectStep(4, "Design Preferences", 67);
  await w.next.click();
  await expectMessages(w.messages, ["Please select at least one garden style"]);
  await w.form.getByRole("checkbox", { name: "Bright and colorful" }).check();
  await w.form.getByRole("checkbox", { name: "Other" }).check();
  await w.next.click();
  await expectMessages(w.messages, ["Please describe your preferred style"]);
  await w.field("Describe your preferred style").fill("ab");
  await expectMessages(w.messages, ["Description must be at least 3 characters"]);
  await w.field("Describe your preferred style").fill("  Moss garden ");
  await w.form
    .getByRole("radio", { name: "Curved, flowing bed lines (more natural look)" })
    .check();
  await w.form.getByRole("radio", { name: "Not sure", exact: true }).check();
  await screenshot(page, testInfo, "garden-step-4");
  await w.next.click();

  // Step 5: the two free-text areas, at most 500 characters each.
  await w.expectStep(5, "Color & Plant Preferences", 83);
  await w.field("Color preferences").fill("x".repeat(501));
  await w.next.click();
  await expectMessages(w.messages, ["Color preferences must not exceed 500 characters"]);
  await w.field("Color preferences").fill("Soft blues and whites");
  await w.field("Plant preferences").fill("Lavender, no roses");
  await w.next.click();

  // Step 6: the summary, then the request goes.
  await w.expectStep(6, "Review & Submit", 100);
  await expect(w.form.getByText("Review and submit your design form")).toBeVisible();
  const summary = w.form.locator(".garden-summary");
  await expect(summary.getByRole("heading", { name: "Form Summary" })).toBeVisible();
  for (const [label, value] of [
    ["Name", name],
    ["Email", "robin@example.com"],
    ["Zip Code", "97214"],
    ["Location", "Backyard"],
    ["Dimensions", "24 feet x 12.5 feet"],
    ["Sunlight", "Part sun (3-6 hours)"],
    ["Maintenance", "Low - Minimal care required"],
    ["Garden Style", "Bright and colorful, Moss garden"],
    ["Layout Shape", "Curved, flowing bed lines (more natural look)"],
    ["Symmetry", "Not sure"],
    ["Color Preferences", "Soft blues and whites"],
    ["Plant Preferences", "Lavender, no roses"],
  ] as const) {
    await expect(
      summary.locator("div", { has: page.getByText(label, { exact: true }) }),
    ).toHaveText(`${label}${value}`);
  }
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "garden-step-6");
  await w.form.getByRole("button", { name: "Submit Design Form" }).click();

  // The success toast (top-end, 4 s with a timer bar) and the thank-you panel.
  const toast = page.getByRole("status").filter({ hasText: "Design Form Submitted!" });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toContainText(
    "Thank you for submitting your garden design preferences. We'll create a beautiful design just for you!",
  );
  await expect(toast.locator(".toast-timer")).toBeAttached();
  const box = await toast.locator(".toast").boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(box.y).toBeLessThan(40);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
  }
  const thanks = page.getByRole("heading", {
    name: "Thanks! Your design form has been submitted.",
  });
  await expect(thanks).toBeFocused();
  await expect(
    page.getByText(
      "We'll review your preferences and get back to you soon with a personalized garden design.",
    ),
  ).toBeVisible();
  await screenshot(page, testInfo, "garden-thanks");
  await expect(toast).toHaveCount(0, { timeout: 8_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(3_000);
  expect(shownFor).toBeLessThan(7_000);

  // The store owner has it by mail...
  await expect.poll(() => lastMailTo("studio@fernwood.test") ?? "").toContain(name);
  const mail = lastMailTo("studio@fernwood.test") ?? "";
  expect(mail).toContain("Garden Style: Bright and colorful, Moss garden");
  expect(mail).toContain("Dimensions: 24 feet x 12.5 feet");

  // ...and the store's admin finds it stored (asked from the page: only the browser resolves
  // garden.localhost).
  const requests = await page.evaluate(async () => {
    const json = { "content-type": "application/json" };
    const signIn = await fetch("/v2/auth/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "admin@fernwood.test", password: "Store-Owner-Demo-2026" }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const listing = await fetch("/api/admin/design-requests");
    return (await listing.json()).requests as {
      layoutData: { name: string; garden_style: string[]; zipCode: string };
    }[];
  });
  expect(requests.find((r) => r.layoutData.name === name)?.layoutData).toMatchObject({
    zipCode: "97214",
    garden_style: ["Bright and colorful", "Moss garden"],
  });

  // Another response starts from a clear step 1.
  await page.getByRole("button", { name: "Submit another response" }).click();
  await w.expectStep(1, "Personal Information", 17);
  await expect(w.field("Full Name")).toHaveValue("");
  await expect(w.field("Email Address")).toHaveValue("");
});

test.describe("when the request fails", () => {
  test.use({
    allowedConsoleErrors: [[{ text: /status of 503/, path: "/pbn/layouts" }], { scope: "test" }],
  });

  test("the failure toast shows and the form keeps every value", async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = gardenOrigin(baseURL);
    await page.route("**/pbn/layouts", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    await gotoHydrated(page, `${origin}/garden-design`);
    await expect(page.getByRole("heading", { name: "Garden Design Form", level: 1 })).toBeVisible();
    await fillAllSteps(page, "Robin Failing");
    const w = wizard(page);
    await w.form.getByRole("button", { name: "Submit Design Form" }).click();

    const toast = page.getByRole("alert").filter({ hasText: "Submission Failed" });
    await expect(toast).toContainText(
      "There was an error submitting your design form. Please try again.",
    );
    await w.expectStep(6, "Review & Submit", 100);
    await expect(w.form.getByRole("button", { name: "Submit Design Form" })).toBeEnabled();
    await expect(w.form.locator(".garden-summary")).toContainText("Robin Failing");
    if (isNarrow(testInfo)) await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, "garden-failed");
    await expect(toast).toHaveCount(0, { timeout: 8_000 });
  });
});

test("/garden-design is a page only for a store whose content enables the form", async ({
  page,
  baseURL,
}) => {
  const garden = await gotoHydrated(page, `${gardenOrigin(baseURL)}/garden-design`);
  expect(garden?.status()).toBe(200);
  await expect(page).toHaveTitle("Garden Design Form | Fernwood Garden Studio");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Garden Design Form");
  // The pet store's home page does not carry the form, so it has no page of its own there.
  const pets = await page.request.get("/garden-design");
  expect(pets.status()).toBe(404);
  const petsHome = await page.request.get("/");
  expect(await petsHome.text()).not.toContain("Garden Design Form");
});
