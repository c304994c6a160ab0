import type { CartView } from "@storefront/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountStore } from "~/features/account";
import { useCartStore } from "~/features/cart";
import { duoCart } from "../../../test/bundle-fixtures";
import { cartOf, fakeApi } from "../../../test/checkout-fixtures";
import { recordablePath } from "./record-path";
import { attributionOf, cartEventsBetween, fitForBeacon, Tracker } from "./tracker";

const NOW = new Date("2026-11-26T10:00:00.000Z");

function withLines(cart: CartView, lines: { sku: string; quantity: number }[]): CartView {
  const [line] = cart.cartItems;
  if (!line) throw new Error("the fixture cart has a line");
  return { ...cart, cartItems: lines.map((l) => ({ ...line, ...l })) };
}

describe("attributionOf", () => {
  it("takes the UTM parameters of the landing URL and a referrer from another site", () => {
    expect(
      attributionOf(
        "https://pets.example/products/eat?utm_source=news&utm_medium=email&utm_campaign=fall",
        "https://mail.example/inbox",
      ),
    ).toEqual({
      source: "news",
      medium: "email",
      campaign: "fall",
      term: null,
      content: null,
      referrer: "https://mail.example/inbox",
      landingPage: "/products/eat?utm_source=news&utm_medium=email&utm_campaign=fall",
    });
    // The store sending a visitor to itself says nothing.
    expect(attributionOf("https://pets.example/", "https://pets.example/cart").referrer).toBeNull();
    expect(attributionOf("https://pets.example/", "").referrer).toBeNull();
  });
});

describe("what a visit records of a page", () => {
  it("keeps the path, campaigns and a collection's choices, never a link's token or an order's key", () => {
    expect(recordablePath("/account/reset-password", "?token=secret")).toBe(
      "/account/reset-password",
    );
    expect(recordablePath("/cart/recover", "?token=secret")).toBe("/cart/recover");
    expect(recordablePath("/orders/1001", "?key=abc")).toBe("/orders/1001");
    expect(recordablePath("/products/eat", "?review=tok&variant=v1")).toBe("/products/eat");
    expect(recordablePath("/collections/all", "?sort=price&pet=dog&utm_source=news&x=1")).toBe(
      "/collections/all?sort=price&pet=dog&utm_source=news",
    );
    expect(
      attributionOf("https://pets.example/cart/recover?token=secret&utm_source=mail", "")
        .landingPage,
    ).toBe("/cart/recover?utm_source=mail");
  });

  it("fits a beacon under 60 KB by leaving out the oldest entries of the longest lists", () => {
    const state = {
      cartEvents: [],
      productPageViews: [],
      pagesViewed: 200,
      viewedPages: Array.from({ length: 200 }, (_, i) => ({
        path: `/${"p".repeat(480)}${i}`,
        timestamp: NOW.toISOString(),
        duration: 1,
      })),
      searchHistory: [],
      userEmail: null,
      attribution: null,
      cartStatus: "empty" as const,
      totalViewTime: 1,
      sessionStartTime: NOW.toISOString(),
    };
    const body = fitForBeacon(state);
    expect(body.length).toBeLessThanOrEqual(60 * 1024);
    const sent = JSON.parse(body) as typeof state;
    // The newest pages are kept.
    expect(sent.viewedPages.at(-1)?.path).toBe(state.viewedPages.at(-1)?.path);
    expect(sent.viewedPages.length).toBeLessThan(200);
  });
});

describe("cartEventsBetween", () => {
  const base = cartOf("usd");
  it("names what changed: added, quantity updated, removed, emptied", () => {
    const one = withLines(base, [{ sku: "EAT-1", quantity: 1 }]);
    const two = withLines(base, [
      { sku: "EAT-1", quantity: 3 },
      { sku: "ITCHY-1", quantity: 1 },
    ]);
    expect(cartEventsBetween(one, two, NOW).map((e) => [e.type, e.sku, e.quantity])).toEqual([
      ["item_quantity_updated", "EAT-1", 3],
      ["item_added", "ITCHY-1", 1],
    ]);
    expect(cartEventsBetween(two, one, NOW).map((e) => [e.type, e.sku])).toEqual([
      ["item_quantity_updated", "EAT-1"],
      ["item_removed", "ITCHY-1"],
    ]);
    expect(cartEventsBetween(two, withLines(base, []), NOW)).toEqual([
      { type: "cart_emptied", sku: null, quantity: null, timestamp: NOW.toISOString() },
    ]);
    // A re-priced cart (another currency) changed nothing the shopper did.
    expect(cartEventsBetween(one, { ...one, currency: "cad" }, NOW)).toEqual([]);
  });

  it("tells two lines of one bundle apart by their selection", () => {
    const duo = duoCart();
    const [twoCalm] = duo.cartItems;
    if (!twoCalm) throw new Error("the duo cart has lines");
    const one = { ...duo, cartItems: [twoCalm] };
    expect(cartEventsBetween(one, duo, NOW).map((e) => [e.type, e.sku, e.quantity])).toEqual([
      ["item_added", "CALM-DUO", 1],
    ]);
  });
});

describe("Tracker", () => {
  let beacons: { path: string; body: unknown }[];
  beforeEach(() => {
    sessionStorage.clear();
    beacons = [];
    Object.defineProperty(navigator, "sendBeacon", {
      configurable: true,
      value: (path: string, body: string) => {
        beacons.push({ path, body: JSON.parse(body) });
        return true;
      },
    });
    useCartStore.setState({ cart: withLines(cartOf("usd"), []) });
    useAccountStore.setState({ user: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function session(created = true) {
    return fakeApi((call) =>
      call.path === "/metrics/initialize"
        ? {
            status: 200,
            body: { session_id: "visit-1", started_at: NOW.toISOString(), created },
          }
        : { status: 204, body: null },
    );
  }

  it("logs only 'Error initializing session:' and records nothing when the visit cannot open", async () => {
    fakeApi(() => ({ status: 503, body: { error: { code: "unavailable", message: "down" } } }));
    const logged: unknown[][] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    const tracker = new Tracker({ storeId: "pet-remedies" });
    expect(await tracker.start()).toBe(false);
    expect(logged.map((args) => args[0])).toEqual(["Error initializing session:"]);
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons).toEqual([]);
  });

  it("opens the visit with the store's id, asks for its location once, and records pages, products, cart events and searches", async () => {
    const calls = session();
    const tracker = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    expect(await tracker.start()).toBe(true);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/metrics/initialize", { store_id: "pet-remedies" }],
      ["/metrics/collect-data", {}],
    ]);
    tracker.pageView("/", null);
    tracker.pageView("/products/eat", "eat");
    tracker.pageView("/products/itchy-scratchy", "itchy-scratchy");
    tracker.search("calm");
    tracker.search("calm ");
    tracker.searchResult("calm-chews", "clicked");
    useCartStore.setState({ cart: withLines(cartOf("usd"), [{ sku: "EAT-1", quantity: 1 }]) });
    useAccountStore.setState({
      user: { email: "Robin@Example.test" } as NonNullable<
        ReturnType<typeof useAccountStore.getState>["user"]
      >,
    });

    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("pagehide"));
    const update = beacons.filter((b) => b.path === "/metrics/update-session-data").at(-1);
    expect(update?.body).toMatchObject({
      pagesViewed: 3,
      viewedPages: [{ path: "/" }, { path: "/products/eat" }, { path: "/products/itchy-scratchy" }],
      productPageViews: [{ handle: "eat" }, { handle: "itchy-scratchy" }],
      searchHistory: [{ query: "calm", duration: null, clickedProducts: ["calm-chews"] }],
      cartEvents: [{ type: "item_added", sku: "EAT-1", quantity: 1 }],
      userEmail: "robin@example.test",
      // Left with something in the cart.
      cartStatus: "abandoned",
      sessionStartTime: NOW.toISOString(),
    });
    expect(beacons.at(-1)).toEqual({
      path: "/metrics/abandoned-cart",
      body: { cartItems: [{ sku: "EAT-1", quantity: 1, subscription: null }] },
    });
    tracker.stop();
  });

  it("keeps the visit's record across a reload of the same visit, and starts afresh for a new one", async () => {
    session(true);
    const first = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await first.start();
    first.pageView("/", null);
    first.stop();
    session(false);
    const reloaded = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await reloaded.start();
    expect(reloaded.state.viewedPages.map((p) => p.path)).toEqual(["/"]);
    reloaded.stop();
    fakeApi(() => ({
      status: 200,
      body: { session_id: "visit-2", started_at: NOW.toISOString(), created: true },
    }));
    const next = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await next.start();
    expect(next.state.viewedPages).toEqual([]);
    next.stop();
  });

  it("records a page without its link's token", async () => {
    session();
    const tracker = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await tracker.start();
    tracker.pageView("/account/reset-password?token=secret", null);
    tracker.pageView("/collections/all?sort=price&key=x", null);
    expect(tracker.state.viewedPages.map((p) => p.path)).toEqual([
      "/account/reset-password",
      "/collections/all?sort=price",
    ]);
    tracker.stop();
  });

  it("forgets the signed-in shopper's email when they sign out", async () => {
    session();
    type User = NonNullable<ReturnType<typeof useAccountStore.getState>["user"]>;
    useAccountStore.setState({ user: { email: "riley@example.test" } as User });
    const tracker = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await tracker.start();
    expect(tracker.state.userEmail).toBe("riley@example.test");
    useAccountStore.setState({ user: null });
    expect(tracker.state.userEmail).toBeNull();
    tracker.stop();
  });

  it("leaves an emptied cart as 'empty' and sends no abandoned-cart beacon", async () => {
    session();
    const tracker = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await tracker.start();
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons.map((b) => b.path)).toEqual(["/metrics/update-session-data"]);
    expect(beacons[0]?.body).toMatchObject({ cartStatus: "empty" });
    tracker.stop();
  });

  it("sends a bundle line's bundle_id and skus_selected in the abandoned-cart beacon", async () => {
    session();
    useCartStore.setState({ cart: duoCart() });
    const tracker = new Tracker({ storeId: "pet-remedies", now: () => NOW });
    await tracker.start();
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons.at(-1)).toEqual({
      path: "/metrics/abandoned-cart",
      body: {
        cartItems: [
          {
            sku: "CALM-DUO",
            quantity: 1,
            subscription: null,
            bundle_id: "calm-comfort-duo",
            skus_selected: ["DRAMA-1", "DRAMA-1"],
          },
          {
            sku: "CALM-DUO",
            quantity: 1,
            subscription: null,
            bundle_id: "calm-comfort-duo",
            skus_selected: ["OUCHIE-1", "DRAMA-1"],
          },
        ],
      },
    });
    tracker.stop();
  });
});
