import { expect, gotoHydrated, OWNER, screenshot, signInAsOwner, test } from "./fixtures";
import { placeOrder } from "./orders";

test("the store's admin signs in at /admin, finds a shopper's order by email and reads it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const email = `riley-${testInfo.project.name}-${Date.now()}@example.com`;
  const shopper = await browser.newContext();
  const number = await placeOrder(shopper.request, origin, email);
  await shopper.close();

  // Not signed in: /admin asks to sign in, then comes back to the dashboard.
  await gotoHydrated(page, "/admin");
  await expect(page).toHaveURL(/\/account\/sign-in\?next=%2Fadmin/);
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(OWNER.email);
  await form.getByLabel("Password").fill(OWNER.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Orders" })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  // The admin's own frame: its navigation, and none of the storefront's (no cart, no chat).
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: /cart/i })).toHaveCount(0);

  // Search by the shopper's email: one order, with its number, status and total.
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email)}`));
  await expect(page.getByRole("status")).toHaveText("Showing 1–1 of 1 order");
  const row = page.getByRole("row", { name: new RegExp(`#${number}`) });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText(email);
  await expect(row).toContainText("$");
  await screenshot(page, testInfo, "admin-orders");

  // A filter the API refuses is said on the page, not a dead end.
  await page.getByLabel("Placed from").fill("2026-05-10");
  await page.getByLabel("to", { exact: true }).fill("2026-05-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The end date must not be before the start date",
  );
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // The order itself: lines, address, payment and history.
  await page.getByLabel("Search").fill(String(number));
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("link", { name: `#${number}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${number}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${number}`);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText("Itchy Scratchy");
  await expect(items.getByRole("row", { name: /Itchy Scratchy/ })).toContainText("2");
  await expect(page.getByRole("region", { name: "Ship to" })).toContainText("New York, NY 10001");
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Visa ending in 4242");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveText([/^Placed/, /^Paid/]);

  // Marked as shipped with its tracking number: said on the page, and in the history.
  const shipment = page.getByRole("region", { name: "Shipment" });
  await shipment.getByLabel("Carrier").fill("USPS");
  await shipment.getByLabel("Tracking number").fill("94");
  await shipment.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(shipment.getByLabel("Tracking number")).toBeFocused();
  await expect(shipment.getByLabel("Tracking number")).toHaveAttribute("aria-invalid", "true");
  await shipment.getByLabel("Tracking number").fill("9400 1000 0000 0000 0000 00");
  await shipment.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(shipment.getByRole("status")).toHaveText(
    "Marked as shipped. The buyer was mailed the tracking number.",
  );
  await expect(shipment.getByRole("button", { name: "Update tracking" })).toBeVisible();
  await expect(history.getByRole("listitem").last()).toContainText("USPS 9400 1000");

  const refund = page.getByRole("region", { name: "Refund" });
  const amount = refund.getByLabel(/^Amount \(USD\)/);
  await amount.fill("abc");
  await refund.getByRole("button", { name: /^Refund/ }).click();
  await expect(refund.getByRole("alert")).toHaveText("Enter an amount more than zero, like 12.50");
  await expect(amount).toBeFocused();
  await amount.fill("10.00");
  await refund.getByLabel("Reason (optional)").fill("One bottle arrived damaged");
  await refund.getByRole("button", { name: "Refund $10.00" }).click();
  await expect(refund.getByRole("status")).toHaveText("Refunded $10.00.");
  await expect(refund).toContainText("Refunded so far: $10.00");
  await expect(history.getByRole("listitem").last()).toHaveText(/^Refunded \w{3} \d/);
  await expect(history.getByRole("listitem").last()).toContainText("One bottle arrived damaged");
  await screenshot(page, testInfo, "admin-order");

  // Back to the list by keyboard, from the page's first control.
  await page.getByRole("link", { name: "← All orders" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test.describe("a shopper at /admin", () => {
  // The browser reports the 404 document it was given; any other console error still fails.
  test.use({
    allowedConsoleErrors: [{ text: /status of 404 \(Not Found\)/, path: "/admin/orders" }],
  });

  test("gets the page-not-found page in the storefront's frame, and no order", async ({ page }) => {
    await gotoHydrated(page, "/account/sign-in");
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill("demo@pawsome.test");
    await form.getByLabel("Password").fill("Willow-and-Biscuit-2026");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const res = await page.goto("/admin/orders");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByText("@example.com")).toHaveCount(0);
  });
});

test("the store's admin answers and hides a new review, and approves a trade application, on their screens", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const headers = { origin };
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  // A shopper's review and a business's application, each this test's own.
  const shopper = await browser.newContext();
  const review = await shopper.request.post(`${origin}/reviews/addReview`, {
    headers,
    data: {
      handle: "yucky-fungus",
      review_id: `e2e-admin-${stamp}`,
      review_rating: 2,
      reviewer_name: "Casey",
      reviewer_email: `casey-${stamp}@example.com`,
      review_description: `Took weeks to work (${stamp})`,
    },
  });
  expect(review.status(), await review.text()).toBeLessThan(300);
  const applied = await shopper.request.post(`${origin}/api/wholesale-applications`, {
    headers,
    data: {
      businessName: `Barking Mad Supplies ${stamp}`,
      contactName: "Sam Rivera",
      email: `sam-${stamp}@barkingmad.test`,
      phone: "+1 828 555 0100",
      taxId: "NC-RS-1000",
      website: "barkingmad.test",
      storeAddress: "1 Elm Street, Asheville, NC 28801",
      message: "",
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await shopper.close();

  await signInAsOwner(page, origin);

  await gotoHydrated(page, "/admin/reviews");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews");
  const card = page.getByRole("article").filter({ hasText: `Took weeks to work (${stamp})` });
  await card
    .getByLabel(/^Your answer/)
    .fill("Sorry to hear it, Casey. Write to us and we will help.");
  await card.getByRole("button", { name: "Save answer" }).click();
  await expect(card.getByRole("status")).toHaveText("Answer saved.");
  await card.getByRole("button", { name: "Hide review" }).click();
  await expect(card.getByRole("status")).toHaveText("The review is hidden.");
  await expect(card.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Show review" })).toBeVisible();
  await screenshot(page, testInfo, "admin-reviews");

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Trade applications" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trade applications");
  const application = page
    .getByRole("article")
    .filter({ hasText: `Barking Mad Supplies ${stamp}` });
  await application.getByLabel(/^Resale certificate/).fill("NC-RESALE-1000");
  await application.getByRole("button", { name: /^Approve/ }).click();
  await expect(application.getByText("Approved", { exact: true })).toBeVisible();
  await expect(application.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await screenshot(page, testInfo, "admin-trade");
});

test("the store's admin changes a price on the Products screen and the storefront shows it", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  // Each width its own variant, so the two runs at once never see each other's price.
  const sku = testInfo.project.name === "narrow" ? "PEEPEE-1" : "PEEPEE-2";
  const price = testInfo.project.name === "narrow" ? "27.25" : "31.75";
  await signInAsOwner(page, origin);
  await gotoHydrated(page, `/admin/products?q=${sku}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  const variant = page.getByRole("form", { name: `Variant ${sku}` });
  await variant.getByLabel("Price USD").fill(price);
  await variant.getByRole("button", { name: `Save ${sku}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${sku} saved.` })).toBeVisible();
  await expect(
    page.getByRole("form", { name: `Variant ${sku}` }).getByLabel("Price USD"),
  ).toHaveValue(price);
  await screenshot(page, testInfo, "admin-products");

  await gotoHydrated(page, `/products/pee-pee-issues?variant=${sku}`);
  await expect(page.getByRole("main").getByText(`$${price}`).first()).toBeVisible();
});
