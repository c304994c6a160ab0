import type { Page, TestInfo } from "@playwright/test";
import { expect, gotoHydrated, screenshot, test, waitForHydration } from "./fixtures";
import { lastMailTo, mailedLink } from "./mail";

// Chromium logs every 4xx answer to fetch as a console error; the second test is declined on
// purpose (402).
test.use({
  allowedConsoleErrors: [[{ text: /status of 402/, path: "/api/checkout" }], { scope: "test" }],
});

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === "narrow";

/** Adds one of the product page's default pack to the cart and closes the drawer. */
async function addToCart(page: Page, handle: string, title: RegExp) {
  await gotoHydrated(page, `/products/${handle}`);
  await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(".cart-line").filter({ hasText: title })).toHaveCount(1);
  return drawer;
}

async function fillCard(page: Page, number: string) {
  const main = page.getByRole("main");
  await main.getByLabel(/^Card number/).fill(number);
  await main.getByLabel(/^Expiry/).fill("12/34");
  await main.getByLabel(/^CVC/).fill("123");
}

test("a new visitor buys two products by card, sees the confirmation, and opens it again from the email", async ({
  page,
  browser,
}, testInfo) => {
  const email = `buyer-${testInfo.project.name}-${Date.now()}@example.test`;

  // With nothing in the cart the checkout says so and leads back to the shop.
  await gotoHydrated(page, "/checkout");
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(main).toContainText("Your cart is empty");
  await expect(main.getByRole("link", { name: "Continue shopping" })).toBeVisible();
  await expect(main.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await screenshot(page, testInfo, "checkout-empty");

  await addToCart(page, "eat", /Eat/);
  await page.keyboard.press("Escape");
  const drawer = await addToCart(page, "forever-young", /Forever Young/);
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const summary = main.getByRole("region", { name: "Order summary" });
  await expect(summary.locator(".line-item")).toHaveCount(2);
  await expect(summary).toContainText("Enter your address");
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Full name/).fill("Robin Meadow");
  await main.getByLabel(/^Street address/).fill("12 Elm Street");
  await main.getByLabel(/^City/).fill("Albany");
  await main.getByLabel(/^State/).selectOption("NY");
  await main.getByLabel(/^ZIP code/).fill("10001");

  // The quote arrives: shipping options, then New York's sales tax on goods and shipping.
  const standard = main.getByRole("radio", { name: /Standard/ });
  await expect(standard).toBeChecked();
  await expect(summary).toContainText("Sales tax (4%)");
  await expect(summary).toContainText("Ships to: 12 Elm Street, Albany, NY 10001, United States");
  await expect(main.getByRole("note")).toContainText("TEST MODE");
  await fillCard(page, "4242 4242 4242 4242");
  const total = (await summary.locator(".cart-total").textContent()) ?? "";
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await expect(main.getByRole("button", { name: `Pay ${total}` })).toBeEnabled();
  await screenshot(page, testInfo, "checkout-filled");

  await main.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?key=[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Robin!");
  await expect(main.getByRole("status")).toContainText("Paid.");
  await expect(main).toContainText("Visa ending in 4242");
  await expect(main.locator(".line-item")).toHaveCount(2);
  await expect(main.locator(".cart-total")).toHaveText(total);
  await expect(main.locator(".order-address")).toContainText("12 Elm Street");
  // The server emptied the cart, and the page's copy says so.
  await expect(page.locator(".cart-count")).toHaveText("0");
  const number = /\/orders\/(\d+)/.exec(page.url())?.[1];
  await screenshot(page, testInfo, "order-confirmation");

  // The confirmation email links to the order page with its key; a fresh browser can open it.
  await expect.poll(() => lastMailTo(email)).toContain(`/orders/${number}?key=`);
  const link = new RegExp(`https?://[^\\s"<>]+/orders/${number}\\?key=[A-Za-z0-9_%-]+`).exec(
    lastMailTo(email) ?? "",
  )?.[0];
  expect(link).toBeTruthy();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const url = new URL(link ?? "");
  await other.goto(`${testInfo.project.use.baseURL}${url.pathname}${url.search}`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Thank you, Robin!");
  await expect(other.getByRole("main")).toContainText(`#${number}`);
  await expect(other.getByRole("main").locator(".cart-total")).toHaveText(total);

  // Each product bought has a one-time review link: the guest's review through it opens the
  // dialog at once and is published as a Verified Buyer's.
  const reviewLink = /https?:\/\/[^\s"<>]+\/products\/eat\?review=[^#\s"<>]+/.exec(
    lastMailTo(email) ?? "",
  )?.[0];
  expect(reviewLink).toBeTruthy();
  const reviewUrl = new URL(reviewLink ?? "");
  await other.goto(`${testInfo.project.use.baseURL}${reviewUrl.pathname}${reviewUrl.search}`);
  await waitForHydration(other);
  const rating = other.getByRole("dialog", { name: "How would you rate this item" });
  await expect(rating).toContainText(
    "You bought this: your review will show the Verified Buyer badge.",
  );
  await expect(rating.getByRole("radio", { name: "1 star (Sorry not for me)" })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await other.keyboard.press("ArrowRight");
  await rating.getByRole("button", { name: "Next" }).click();
  const marker = `Bought and loved it (${testInfo.project.name}-${Date.now()})`;
  await other.getByRole("dialog", { name: "Tell us more!" }).getByRole("textbox").fill(marker);
  await other
    .getByRole("dialog", { name: "Tell us more!" })
    .getByRole("button", { name: "Next" })
    .click();
  const about = other.getByRole("dialog", { name: "About you" });
  await about.getByLabel("Display Name *").fill("Robin M.");
  await about.getByLabel("Email *").fill(email);
  await about.getByRole("button", { name: "Submit Review" }).click();
  const card = other.locator(".review-card", { hasText: marker });
  await expect(card).toContainText("Verified Buyer");
  await fresh.close();
});

test("a signed-in shopper's declined card can be replaced by a good one, paying in CAD, and the order joins the history", async ({
  page,
}, testInfo) => {
  const email = `payer-${testInfo.project.name}-${Date.now()}@example.test`;
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("button", { name: "Create an account" })
    .click();
  const register = page.getByRole("dialog", { name: "Create an account" });
  await register.getByLabel("First name").fill("Sam");
  await register.getByLabel("Last name").fill("Lark");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel(/^Password/).fill("a-Long-enough-passphrase");
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("dialog", { name: "Check your email" })).toBeVisible();
  await expect.poll(() => mailedLink(email, "/account/confirm")).toBeTruthy();
  await gotoHydrated(page, mailedLink(email, "/account/confirm") ?? "");
  await page.getByRole("button", { name: "Confirm and sign in" }).click();

  // An account with no order yet says so.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("region", { name: "Order history" })).toContainText(
    "You haven't placed an order yet",
  );

  const drawer = await addToCart(page, "cant-poo-poo", /Can.t Poo Poo/);
  await drawer.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Name and email come from the account.
  await expect(main.getByLabel(/^Email/)).toHaveValue(email);
  await expect(main.getByLabel(/^Full name/)).toHaveValue("Sam Lark");

  // Canada: the cart switches to CAD first, and the page says why.
  await main.getByLabel(/^Country/).selectOption("CA");
  await expect(main.locator(".checkout-note")).toContainText(
    "Orders to Canada are paid in Canadian dollars (CAD)",
  );
  // (The checkout's slim header has no currency menu: the summary shows the cart in CAD.)
  await expect(main.getByRole("region", { name: "Order summary" })).toContainText(/CA\$/);
  await main.getByLabel(/^Street address/).fill("24 Sussex Drive");
  await main.getByLabel(/^City/).fill("Ottawa");
  await main.getByLabel(/^Province/).selectOption("ON");
  await main.getByLabel(/^Postal code/).fill("K1A 0B1");
  const summary = main.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("HST (13%)");
  await expect(summary.locator(".cart-total")).toHaveText(/^CA\$\d+\.\d{2}$/);

  await fillCard(page, "4000 0000 0000 0002");
  await main.getByRole("button", { name: /^Pay CA\$/ }).click();
  // The reason, and what to do next.
  await expect(main.getByRole("alert")).toHaveText(
    "Your card was declined. You have not been charged. Check the card details or enter another card, then press Pay again.",
  );
  // Everything typed is kept but the card number, which is ready for another card.
  await expect(main.getByLabel(/^Card number/)).toHaveValue("");
  await expect(main.getByLabel(/^Card number/)).toBeFocused();
  await expect(main.getByLabel(/^Street address/)).toHaveValue("24 Sussex Drive");
  await expect(main.getByLabel(/^Postal code/)).toHaveValue("K1A 0B1");
  await screenshot(page, testInfo, "checkout-declined");

  // Typing another card clears the decline: it was about the last card.
  await main.getByLabel(/^Card number/).pressSequentially("4");
  await expect(main.getByRole("alert")).toHaveCount(0);
  await main.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await main.getByRole("button", { name: /^Pay CA\$/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?key=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Sam!");
  await expect(main.locator(".order-points")).toContainText(/You earned \d+ points/);
  const number = /\/orders\/(\d+)/.exec(page.url())?.[1];

  // The account lists the order and its points are in the balance.
  await gotoHydrated(page, "/account");
  const history = page.getByRole("region", { name: "Order history" });
  const row = history.getByRole("listitem").filter({ hasText: `Order #${number}` });
  await expect(row).toContainText("Paid");
  await screenshot(page, testInfo, "account-history");
  await expect(row).toContainText("1 item");
  await expect(row).toContainText(/CA\$\d+\.\d{2}/);
  expect(Number(await page.locator(".points").textContent())).toBeGreaterThan(0);
  await row.getByRole("link", { name: `Order #${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Sam!");

  // The balance says what it is worth (5 cents a point), and the next order spends it.
  await gotoHydrated(page, "/account");
  const points = Number(await page.locator(".points").textContent());
  const worth = `CA$${((points * 5) / 100).toFixed(2)}`;
  await expect(page.locator(".points-value")).toContainText(`Worth ${worth} off your next order`);
  await screenshot(page, testInfo, "account-points");
  const again = await addToCart(page, "cant-poo-poo", /Can.t Poo Poo/);
  await again.getByRole("link", { name: "View cart" }).click();
  await main.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // At 375 px the summary is folded.
  if (isNarrow(testInfo)) await main.getByRole("button", { name: /Show order summary/ }).click();
  await main.getByRole("checkbox", { name: `Use my ${points} points (worth ${worth})` }).check();
  await expect(summary).toContainText(`Points (${points})`);
  await main.getByLabel(/^Street address/).fill("24 Sussex Drive");
  await main.getByLabel(/^City/).fill("Ottawa");
  await main.getByLabel(/^Province/).selectOption("ON");
  await main.getByLabel(/^Postal code/).fill("K1A 0B1");
  await expect(summary).toContainText("HST (13%)");
  await screenshot(page, testInfo, "checkout-points");
  await fillCard(page, "4242 4242 4242 4242");
  await main.getByRole("button", { name: /^Pay CA\$/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?key=/);
  await expect(main.locator(".summary-totals")).toContainText(`Points (${points})`);
  await expect(main.locator(".summary-totals")).toContainText(`−${worth}`);
});

test("a digital planting plan is bought without a street address, shipping, stock or quantity", async ({
  page,
  baseURL,
}, testInfo) => {
  const garden = `http://garden.localhost:${new URL(baseURL ?? "http://localhost").port}`;
  const email = `plan-${testInfo.project.name}-${Date.now()}@example.test`;
  await gotoHydrated(page, `${garden}/products/seasonal-planting-plan`);
  const main = page.getByRole("main");
  // A plan has no stock to speak of and is sold one at a time.
  await expect(main.locator(".stock")).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Increase quantity" })).toHaveCount(0);
  await main.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  const line = drawer.locator(".cart-line").filter({ hasText: "Seasonal Planting Plan" });
  await expect(line).toContainText("Qty 1");
  await expect(line.locator(".stepper")).toHaveCount(0);
  await expect(drawer).not.toContainText("free US shipping");
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Only what tax needs: no street, no city, no shipping method.
  await expect(main.getByRole("heading", { name: "Billing details" })).toBeVisible();
  await expect(main.getByLabel(/^Street address/)).toHaveCount(0);
  await expect(main.getByLabel(/^City/)).toHaveCount(0);
  await expect(main.getByRole("group", { name: "Shipping method" })).toHaveCount(0);
  await main.getByLabel(/^Email/).fill(email);
  await main.getByLabel(/^Full name/).fill("Robin Gardener");
  await main.getByLabel(/^State/).selectOption("NY");
  await main.getByLabel(/^ZIP code/).fill("10001");
  const summary = main.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("Sales tax (4%)");
  await expect(summary).not.toContainText("Shipping");
  await expect(summary).not.toContainText("Ships to");
  await main.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await main.getByLabel(/^Expiry/).fill("12/34");
  await main.getByLabel(/^CVC/).fill("123");
  const total = (await summary.locator(".cart-total").textContent()) ?? "";
  expect(total).toBe("$51.95");
  await screenshot(page, testInfo, "checkout-digital-plan");

  await main.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?key=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, Robin!");
  await expect(main).toContainText(`Nothing in this order is shipped: it comes to ${email}.`);
  await expect(main).not.toContainText("Shipping to");
  await screenshot(page, testInfo, "order-digital-plan");
});

test("the checkout has a slim header, a code field in the summary, the summary folded at 375 px and policies under Pay", async ({
  page,
}, testInfo) => {
  await addToCart(page, "eat", /Eat/);
  await page.keyboard.press("Escape");
  await gotoHydrated(page, "/checkout");
  const main = page.getByRole("main");

  // Slim frame: the logo and a way back to the cart, nothing else to wander off to.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return to cart" })).toHaveAttribute("href", "/cart");
  await expect(page.getByRole("link", { name: /home$/ })).toBeVisible();

  const summary = main.getByRole("region", { name: "Order summary" });
  const toggle = summary.getByRole("button", { name: /order summary/ });
  const email = main.getByLabel(/^Email/);
  if (isNarrow(testInfo)) {
    // Folded, with the total on its toggle: the first field is on the first screen.
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toContainText(/\$\d+\.\d{2}/);
    await expect(summary.locator(".line-item")).toBeHidden();
    const box = await email.boundingBox();
    expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(summary.locator(".line-item")).toBeVisible();

  // The code field is in the summary: the total drops at once.
  const before = await summary.locator(".cart-total").textContent();
  await summary.getByLabel("Discount code").fill("save10");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary).toContainText("Code SAVE10 applied.");
  await expect(summary).toContainText("Discount");
  await expect(summary.locator(".cart-total")).not.toHaveText(before ?? "");

  // Under Pay: how the card is kept safe, and the policies.
  const pay = main.getByRole("button", { name: /^Pay/ });
  await expect(main.locator(".checkout-secure")).toContainText("Secure payment");
  const policies = main.getByRole("navigation", { name: "Policies" });
  await expect(policies.getByRole("link")).toHaveText([
    "Refund policy",
    "Shipping policy",
    "Privacy policy",
    "Terms of service",
  ]);
  const payBox = await pay.boundingBox();
  const policiesBox = await policies.boundingBox();
  expect(policiesBox?.y ?? 0).toBeGreaterThan(payBox?.y ?? 0);
  await screenshot(page, testInfo, "checkout-frame");
});
