import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

export { expect };

export const PRICE = /^\$\d+\.\d{2}$/;

/** The pet store's owner (README), as the admin tests sign in. */
export const OWNER = { email: "admin@pawsome.test", password: "Store-Owner-Demo-2026" };

/** Signs the page's context in as a store's owner through the API, as the admin's sign-in form does. */
export async function signInAsOwner(page: Page, origin: string, owner = OWNER): Promise<void> {
  const login = await page.request.post(`${origin}/v2/auth/login`, {
    headers: { origin },
    data: owner,
  });
  expect(login.status()).toBe(200);
}

interface PageProblem {
  kind: "console" | "pageerror";
  text: string;
  url?: string;
}

/** A console error a test expects: its text, and the path of the URL it is reported at. */
interface AllowedConsoleError {
  text: RegExp;
  path: string;
}

/**
 * Every test fails if the page logged a console error or threw an uncaught error. Nothing is
 * ignored except what a test lists in `allowedConsoleErrors` (only the 404 test does).
 */
export const test = base.extend<{
  allowedConsoleErrors: AllowedConsoleError[];
  pageProblems: PageProblem[];
}>({
  allowedConsoleErrors: [[], { option: true }],
  pageProblems: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: PageProblem[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const url = msg.location().url;
        const path = url ? new URL(url).pathname : "";
        const allowed = allowedConsoleErrors.some(
          (a) => a.text.test(msg.text()) && path === a.path,
        );
        if (!allowed) problems.push({ kind: "console", text: msg.text(), url });
      });
      page.on("pageerror", (error) => {
        problems.push({ kind: "pageerror", text: `${error.name}: ${error.message}` });
      });
      await use(problems);
      expect(problems, "console errors or uncaught page errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until React Router has hydrated the page, so client-side handlers are attached. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }
    ).__reactRouterDataRouter;
    // Parts whose code loads apart from the page's (the reviews) hydrate after it.
    const pending = document.querySelector("[data-lazy]:not([data-ready])");
    return router?.state.initialized === true && pending === null;
  });
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/**
 * Opens the quick view of the page's `nth` product card from the keyboard (its Quick shop button
 * focused, then Enter) and waits for its Add to cart: the button that opened it, and the popup.
 */
export async function openQuickView(page: Page, nth = 0) {
  const opener = page.getByRole("button", { name: /^Quick shop / }).nth(nth);
  await opener.focus();
  await page.keyboard.press("Enter");
  const popup = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("button", { name: "Add to cart" }) });
  await expect(popup.getByRole("button", { name: "Add to cart" })).toBeVisible();
  return { opener, popup };
}

/**
 * A full-page screenshot into test-results/e2e/screens/{project}-{name}.png. Lazy images below
 * the fold are switched to eager first and awaited, so the picture shows the whole page.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
      img.loading = "eager";
    }
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter(
            (img) => img.getClientRects().length > 0 && !(img.complete && img.naturalWidth > 0),
          )
          .map((img) => img.currentSrc || img.src),
      ),
    )
    .toEqual([]);
  await page.screenshot({
    path: path.join(testInfo.project.outputDir, "screens", `${testInfo.project.name}-${name}.png`),
    fullPage: true,
  });
}
