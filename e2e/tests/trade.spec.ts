import { expect, gotoHydrated, screenshot, test } from "./fixtures";

test("a pet store applies for a trade account on the wholesale page, fixing a field the form refused", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/pages/wholesale");
  const section = page.getByRole("region", { name: "Apply for a trade account" });
  await section.getByLabel(/^Business name/).fill("Wagging Tails Pet Supply");
  await section.getByLabel(/^Contact name/).fill("Jordan Lee");
  await section.getByLabel(/^Email/).fill("jordan@waggingtails");
  await section.getByLabel(/^Store address/).fill("88 Market Street, Asheville, NC 28801");
  await section.getByRole("button", { name: "Apply for a trade account" }).click();

  // The address is refused, said under its field, and the focus goes there.
  const email = section.getByLabel(/^Email/);
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill(`jordan-${testInfo.project.name}@waggingtails.test`);
  await expect(section.getByText("Please enter a valid email address")).toHaveCount(0);
  await screenshot(page, testInfo, "trade-form");

  await section.getByRole("button", { name: "Apply for a trade account" }).click();
  const thanks = section.getByRole("status");
  await expect(thanks).toContainText("Your application has reached our trade team.");
  await expect(thanks).toBeFocused();
});
