import { expect, gotoHydrated, screenshot, signInAsOwner, test } from "./fixtures";
import { placeOrder } from "./orders";

/** "$1,234.56" from minor units. */
const dollars = (minor: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100);

test("the store's admin reads today's revenue on the dashboard's chart after a purchase", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  await signInAsOwner(page, origin);
  const today = new Date().toISOString().slice(0, 10);
  const todayOf = async () => {
    const dash = (await (await page.request.get(`${origin}/api/admin/dashboard`)).json()) as {
      sales: { currency: string; days: { day: string; orders: number; revenue: number }[] }[];
    };
    const usd = dash.sales.find((s) => s.currency === "usd");
    return usd?.days.find((d) => d.day === today) ?? { orders: 0, revenue: 0 };
  };
  const before = await todayOf();

  const shopper = await browser.newContext();
  await placeOrder(
    shopper.request,
    origin,
    `dashboard-${testInfo.project.name}-${Date.now()}@example.com`,
  );
  await shopper.close();
  const after = await todayOf();
  expect(after.orders).toBe(before.orders + 1);

  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  const sales = page.getByRole("region", { name: "Sales in USD" });
  const chart = sales.getByRole("figure", { name: "Revenue and orders per day, USD" });
  // uPlot draws the days on a canvas; its figures are the table below it.
  await expect(chart.locator("canvas")).toBeVisible();
  await chart.getByRole("button", { name: "Show as a table" }).click();
  const todayRow = chart
    .getByRole("row")
    .filter({ has: page.locator(`time[datetime="${today}"]`) });
  await expect(todayRow).toContainText(String(after.orders));
  await expect(todayRow).toContainText(dollars(after.revenue));
  await expect(page.getByRole("region", { name: "Funnel" })).toContainText("Paid");
  await expect(page.getByRole("region", { name: "Top products" })).toContainText("ITCHY-1");
  await screenshot(page, testInfo, "admin-dashboard");
});
