import type { SessionData } from "@storefront/domain";
import { expect } from "vitest";
import { PET_STORE, PETS } from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";

const T0 = "2026-11-26T10:00:00.000Z";
export const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

/** A visit's state as the browser module sends it: two products, a search, an add. */
export function stateOf(overrides: Partial<SessionData> = {}): SessionData {
  return {
    cartEvents: [{ type: "item_added", sku: "ITCHY-1", quantity: 1, timestamp: at(40) }],
    productPageViews: [
      { handle: "itchy-scratchy", timestamp: at(5) },
      { handle: "eat", timestamp: at(20) },
    ],
    pagesViewed: 3,
    viewedPages: [
      { path: "/?utm_source=news", timestamp: at(0), duration: 5 },
      { path: "/products/itchy-scratchy", timestamp: at(5), duration: 15 },
      { path: "/products/eat", timestamp: at(20), duration: 0 },
    ],
    searchHistory: [
      {
        query: "calm",
        timestamp: at(30),
        duration: null,
        scrolledProducts: ["calm-chews"],
        clickedProducts: [],
      },
    ],
    userEmail: null,
    attribution: {
      source: "news",
      medium: "email",
      campaign: null,
      term: null,
      content: null,
      referrer: "https://mail.example/",
      landingPage: "/?utm_source=news",
    },
    cartStatus: "active",
    totalViewTime: 35,
    sessionStartTime: T0,
    ...overrides,
  };
}

/** The visits the analytics tests share, on the test app `testApp()` answers (made in beforeAll). */
export function analyticsTestHelpers(testApp: () => TestApp) {
  /** A visitor whose visit is open (POST /metrics/initialize answered). */
  async function visiting(host = PETS, storeId = PET_STORE) {
    const v = new Visitor(testApp().app, host);
    const res = await v.post("/metrics/initialize", { store_id: storeId });
    expect(res.statusCode, res.body).toBe(200);
    return { v, session: res.json() as { session_id: string; started_at: string } };
  }

  return { visiting };
}
