import { expect, gotoHydrated, test } from "./fixtures";
import { isWide } from "./visitor-test-helpers";

test("the sticky top bar is 200px tall from the medium breakpoint, 150px on a phone, and shrinks to 96px once scrolled", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  const header = page.locator("header.site-header");
  const height = async () => (await header.boundingBox())?.height;
  const tall = isWide(testInfo) ? 200 : 150;

  await expect.poll(height).toBe(tall);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(header).toHaveAttribute("data-scrolled", "");
  // The height animates (CSS transition): poll until it settles.
  await expect.poll(height).toBe(96);
  // Still stuck to the top of the viewport.
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute("data-scrolled");
  await expect.poll(height).toBe(tall);
});

test("on a 375x667 phone the callout and the top bar take at most a third of the screen, at the top and scrolled", async ({
  page,
}, testInfo) => {
  test.skip(isWide(testInfo), "a phone's screen");
  await page.setViewportSize({ width: 375, height: 667 });
  await gotoHydrated(page, "/");
  const taken = () =>
    page.evaluate(() => {
      const bottom = document.querySelector("header.site-header")?.getBoundingClientRect().bottom;
      return bottom === undefined ? null : Math.max(0, bottom);
    });
  // The callout scrolls away with the page; the bar stays.
  await expect.poll(taken).toBeLessThanOrEqual(667 / 3);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(taken).toBe(96);
});

test("the top bar looks intended at 375, 768, 900, 1024 and 1280 px, scrolled and not, in every store", async ({
  page,
  baseURL,
}, testInfo) => {
  // One run covers every width; the narrow project would repeat it.
  test.skip(!isWide(testInfo), "the test sets each width itself");
  test.setTimeout(120_000);
  const port = new URL(baseURL ?? "http://localhost").port;
  const boxes = () =>
    page.evaluate(() => {
      const rect = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, w: r.width, h: r.height } : null;
      };
      const visible = (el: Element) => el.getClientRects().length > 0;
      const select = document.querySelector<HTMLSelectElement>("#currency-select");
      // The width the currency's chosen text needs, in the control's own font.
      let currency: { needs: number; has: number; text: string } | null = null;
      if (select) {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d");
        if (context) context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent ?? "";
        currency = {
          text,
          needs: context?.measureText(text).width ?? 0,
          // Less its padding and the drop-down arrow (about 1rem).
          has:
            select.clientWidth -
            Number.parseFloat(style.paddingLeft) -
            Number.parseFloat(style.paddingRight) -
            16,
        };
      }
      return {
        header: rect(document.querySelector("header.site-header")),
        logo: rect(document.querySelector(".logo img")),
        tools: rect(document.querySelector(".header-tools")),
        // Every control of the bar, to check that none touches another.
        controls: [
          ...document.querySelectorAll(
            ".menu-toggle, .logo img, .search-toggle, #currency-select, .header-tools > button, .header-tools .cart-button",
          ),
        ]
          .filter(visible)
          .map((el) => {
            const r = el.getBoundingClientRect();
            const name = el.textContent?.trim() || el.getAttribute("alt") || el.id || el.className;
            return { text: name, x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        currency,
        // Each menu trigger's disclosure indicator: the chevron drawn after its label.
        indicators: [...document.querySelectorAll(".dropdown-toggle")].filter(visible).map((el) => {
          const after = getComputedStyle(el, "::after");
          return {
            text: el.textContent ?? "",
            drawn: after.content !== "none" && after.width !== "0px",
          };
        }),
        items: [...document.querySelectorAll(".main-nav > ul > li > a, .dropdown-toggle")]
          .filter(visible)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return { text: el.textContent ?? "", x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        sideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  type Box = { x: number; y: number; w: number; h: number };
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  // Touching: closer than 2 px on both axes.
  const touch = (a: Box, b: Box) => overlap({ x: a.x - 2, y: a.y - 2, w: a.w + 4, h: a.h + 4 }, b);

  for (const host of ["localhost", "garden.localhost", "hemp.localhost"]) {
    for (const width of [375, 768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, `http://${host}:${port}/`);
      // The longest currency text and a number badge: the widest the tools get.
      if (host === "localhost") {
        await page.request.post(`http://${host}:${port}/api/cart/items`, {
          data: { sku: "ITCHY-1", quantity: 1 },
        });
        await gotoHydrated(page, `http://${host}:${port}/`);
        if (await page.locator("#currency-select").isVisible()) {
          await page.locator("#currency-select").selectOption("cad");
          await expect(page.locator("#currency-select")).toHaveValue("cad");
        }
      }
      for (const scrolled of [false, true]) {
        const where = `${host} at ${width}px${scrolled ? ", scrolled" : ""}`;
        await page.evaluate((y) => window.scrollTo(0, y), scrolled ? 600 : 0);
        await expect
          .poll(async () => (await boxes()).header?.h, { message: where })
          .toBe(scrolled ? 96 : width < 768 ? 150 : 200);
        await page.waitForTimeout(350); // the logo's own transition
        const b = await boxes();
        if (!b.logo || !b.tools) throw new Error(`no logo or tools: ${where}`);
        // The spec's logo widths, and a logo large enough to read.
        expect(b.logo.w, where).toBeLessThanOrEqual(width < 768 ? 130 : 200);
        expect(b.logo.h, where).toBeGreaterThanOrEqual(30);
        expect(b.sideways, where).toBe(false);
        expect(overlap(b.logo, b.tools), `${where}: logo and tools`).toBe(false);
        for (const [i, one] of b.controls.entries()) {
          for (const other of b.controls.slice(i + 1)) {
            expect(touch(one, other), `${where}: ${one.text} touches ${other.text}`).toBe(false);
          }
        }
        if (b.currency) {
          expect(
            b.currency.needs,
            `${where}: the currency control shows "${b.currency.text}" whole`,
          ).toBeLessThanOrEqual(b.currency.has);
        }
        for (const menu of b.indicators) {
          expect(menu.drawn, `${where}: ${menu.text} shows a disclosure indicator`).toBe(true);
        }
        // The navigation is one row.
        expect(new Set(b.items.map((item) => Math.round(item.y))).size, where).toBeLessThanOrEqual(
          1,
        );
        for (const item of b.items) {
          // Each item on one line, clear of the logo and the tools.
          expect(item.h, `${where}: ${item.text}`).toBeLessThanOrEqual(44);
          expect(overlap(item, b.tools), `${where}: ${item.text} and tools`).toBe(false);
          expect(overlap(item, b.logo), `${where}: ${item.text} and logo`).toBe(false);
        }
        if (host === "localhost") {
          await page.screenshot({
            path: `${testInfo.project.outputDir}/screens/header-${width}${scrolled ? "-scrolled" : ""}.png`,
            clip: { x: 0, y: 0, width, height: 260 },
          });
        }
      }
    }
  }
});
