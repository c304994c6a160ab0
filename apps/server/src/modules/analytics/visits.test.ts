import http from "node:http";
import type { AddressInfo } from "node:net";
import { ACCOUNT_MESSAGES, ANALYTICS_MESSAGES, ERROR_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, HEMP, HEMP_STORE, PET_STORE, PETS } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp, useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { analyticsEvents, analyticsSessions } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { analyticsTestHelpers, at, stateOf } from "./analytics-test-helpers.ts";
import { HttpIpLookup } from "./geo.ts";
import { recordLocation } from "./sessions.ts";

const quiet = { info() {}, warn() {}, error() {} };

describe("analytics API", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });
  const { visiting } = analyticsTestHelpers(() => t);

  async function sessionRow(id: string) {
    const [row] = await t.database.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, id));
    return row;
  }

  async function eventsOf(id: string) {
    return t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, id))
      .orderBy(analyticsEvents.kind, analyticsEvents.at);
  }

  describe("POST /metrics/initialize", () => {
    it("opens a visit and answers its id and start time, then resumes the same visit", async () => {
      const { v, session } = await visiting();
      expect(session).toMatchObject({ created: true });
      expect(Number.isFinite(Date.parse(session.started_at))).toBe(true);
      const again = await v.post("/metrics/initialize", { store_id: PET_STORE });
      expect(again.json()).toEqual({ ...session, created: false });
      // Another browser gets a visit of its own.
      const other = await visiting();
      expect(other.session.session_id).not.toBe(session.session_id);
    });

    it("refuses another store's id, or none, with 400", async () => {
      const v = new Visitor(t.app, PETS);
      expectError(
        await v.post("/metrics/initialize", { store_id: HEMP_STORE }),
        400,
        "invalid",
        ACCOUNT_MESSAGES.storeMismatch,
      );
      const none = await v.post("/metrics/initialize", {});
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields.store_id).toBe("store_id is required");
    });

    it("does not resume a visit of another store with its cookie", async () => {
      const { v, session } = await visiting();
      const hemp = new Visitor(t.app, HEMP);
      for (const [name, value] of v.cookies) hemp.cookies.set(name, value);
      const res = await hemp.post("/metrics/initialize", { store_id: HEMP_STORE });
      expect(res.json().session_id).not.toBe(session.session_id);
      expect((await sessionRow(res.json().session_id))?.storeId).toBe(HEMP_STORE);
    });
  });

  describe("POST /metrics/update-session-data", () => {
    it("records the visit's state as JSON or as a beacon's text/plain, each list entry once", async () => {
      const { v, session } = await visiting();
      const json = await v.post("/metrics/update-session-data", stateOf());
      expect(json.statusCode, json.body).toBe(204);
      await t.app.analytics.flush();
      // A beacon: the same JSON as text/plain, the open page's time grown, one more page and a
      // second search.
      const later = stateOf({
        pagesViewed: 4,
        viewedPages: [
          ...stateOf().viewedPages.slice(0, 2),
          { path: "/products/eat", timestamp: at(20), duration: 25 },
          { path: "/collections/all", timestamp: at(60), duration: 0 },
        ],
        searchHistory: [
          {
            query: "calm",
            timestamp: at(30),
            duration: 12,
            scrolledProducts: ["calm-chews"],
            clickedProducts: [],
          },
          {
            query: "itch",
            timestamp: at(42),
            duration: null,
            scrolledProducts: [],
            clickedProducts: ["itchy-scratchy"],
          },
        ],
        totalViewTime: 70,
      });
      const beacon = await v.post("/metrics/update-session-data", JSON.stringify(later), {
        "content-type": "text/plain;charset=UTF-8",
      });
      expect(beacon.statusCode, beacon.body).toBe(204);
      await t.app.analytics.flush();
      expect(await sessionRow(session.session_id)).toMatchObject({
        pagesViewed: 4,
        totalViewTime: 70,
        cartStatus: "active",
        attribution: { source: "news", medium: "email" },
      });
      const events = await eventsOf(session.session_id);
      const kinds = events.map((e) => `${e.kind}:${e.key}`);
      expect(kinds).toEqual([
        `cart_event:${at(40)}|item_added|ITCHY-1`,
        `page_view:${at(0)}|/?utm_source=news`,
        `page_view:${at(5)}|/products/itchy-scratchy`,
        `page_view:${at(20)}|/products/eat`,
        `page_view:${at(60)}|/collections/all`,
        `product_view:${at(5)}|itchy-scratchy`,
        `product_view:${at(20)}|eat`,
        `search:${at(30)}|calm`,
        `search:${at(42)}|itch`,
      ]);
      // The page's time and the first search's duration were written again as they grew.
      const data = (kind: string, key: string) =>
        events.find((e) => e.kind === kind && e.key.endsWith(key))?.data;
      expect(data("page_view", "|/products/eat")).toMatchObject({ duration: 25 });
      expect(data("search", "|calm")).toMatchObject({ duration: 12 });
    });

    it("never records a link's secret, and writes the other visits when the database refuses one", async () => {
      const { v, session } = await visiting();
      const other = await visiting();
      await v.post(
        "/metrics/update-session-data",
        stateOf({
          viewedPages: [
            {
              path: "/account/reset-password?token=secret&utm_source=x",
              timestamp: at(0),
              duration: 1,
            },
          ],
        }),
      );
      // A state the schema would refuse, pushed past it: the database refuses the year 0000.
      t.app.analytics.push({
        sessionId: other.session.session_id,
        storeId: PET_STORE,
        visitorSessionId: null,
        data: stateOf({
          sessionStartTime: "0000-01-01T00:00:00Z",
          productPageViews: [{ handle: "eat", timestamp: "0000-01-01T00:00:00Z" }],
        }),
        at: new Date(),
        bytes: 100,
      });
      await t.app.analytics.flush();
      const pages = (await eventsOf(session.session_id)).filter((e) => e.kind === "page_view");
      expect(pages.map((e) => (e.data as { path: string }).path)).toEqual([
        "/account/reset-password?utm_source=x",
      ]);
      expect(await eventsOf(other.session.session_id)).toEqual([]);
    });

    it("refuses times out of range and text the database cannot store with 400", async () => {
      const { v } = await visiting();
      for (const bad of [
        stateOf({ sessionStartTime: "0000-01-01T00:00:00Z" }),
        stateOf({ productPageViews: [{ handle: "e\u0000t", timestamp: at(1) }] }),
        stateOf({ productPageViews: [{ handle: "e\uD800t", timestamp: at(1) }] }),
      ]) {
        expect((await v.post("/metrics/update-session-data", bad)).statusCode).toBe(400);
      }
    });

    it("keeps both tabs of one visit, each with its own lists", async () => {
      const { v, session } = await visiting();
      const tab = (path: string, second: number) =>
        stateOf({
          cartEvents: [],
          productPageViews: [],
          searchHistory: [],
          pagesViewed: 1,
          viewedPages: [{ path, timestamp: at(second), duration: 3 }],
        });
      await v.post("/metrics/update-session-data", tab("/pages/faq", 1));
      await v.post("/metrics/update-session-data", tab("/pages/about", 2));
      await t.app.analytics.flush();
      const pages = (await eventsOf(session.session_id)).map((e) => e.key);
      expect(pages).toEqual([`${at(1)}|/pages/faq`, `${at(2)}|/pages/about`]);
    });

    it("keeps the visit's first attribution and the greatest totals", async () => {
      const { v, session } = await visiting();
      await v.post("/metrics/update-session-data", stateOf());
      await t.app.analytics.flush();
      await v.post(
        "/metrics/update-session-data",
        stateOf({ attribution: null, totalViewTime: 1, pagesViewed: 1 }),
      );
      await t.app.analytics.flush();
      expect(await sessionRow(session.session_id)).toMatchObject({
        attribution: { source: "news" },
        totalViewTime: 35,
        pagesViewed: 3,
      });
    });

    it("asks for a visit first, and refuses a bad state, bad JSON or a body over 64 KB with 4xx", async () => {
      const stranger = new Visitor(t.app, PETS);
      expectError(
        await stranger.post("/metrics/update-session-data", stateOf()),
        400,
        "invalid",
        ANALYTICS_MESSAGES.noSession,
      );
      const { v } = await visiting();
      const bad = await v.post("/metrics/update-session-data", {
        ...stateOf(),
        cartStatus: "lost",
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(["cartStatus"]);
      const unknown = await v.post("/metrics/update-session-data", { ...stateOf(), extra: 1 });
      expect(unknown.statusCode).toBe(400);
      expectError(
        await v.post("/metrics/update-session-data", "{not json", {
          "content-type": "text/plain",
        }),
        400,
        "invalid",
        ERROR_MESSAGES.invalidJson,
      );
      const huge = stateOf({
        viewedPages: Array.from({ length: 200 }, (_, i) => ({
          path: `/${"x".repeat(400)}${i}`,
          timestamp: at(i),
          duration: 1,
        })),
      });
      const tooBig = await v.post("/metrics/update-session-data", JSON.stringify(huge), {
        "content-type": "text/plain",
      });
      expect(tooBig.statusCode).toBe(413);
      const tooMany = stateOf({
        productPageViews: Array.from({ length: 201 }, (_, i) => ({
          handle: "eat",
          timestamp: at(i),
        })),
      });
      expect((await v.post("/metrics/update-session-data", tooMany)).statusCode).toBe(400);
    });
  });

  describe("POST /metrics/collect-data", () => {
    it("refuses an ipAddress that is not an IP address with 400", async () => {
      const { v } = await visiting();
      const res = await v.post("/metrics/collect-data", { ipAddress: "example.com" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.ipAddress).toBe("ipAddress must be an IPv4 or IPv6 address");
    });

    it("stores nothing without a lookup source, and answers 204 all the same", async () => {
      const { v, session } = await visiting();
      const res = await v.post("/metrics/collect-data", { ipAddress: "203.0.113.9" });
      expect(res.statusCode).toBe(204);
      await t.app.background.idle();
      expect(await sessionRow(session.session_id)).toMatchObject({ geo: null, geoError: null });
    });
  });
});

describe("visit location", () => {
  let t: TestApp;
  let lookups: { url: string; authorization: string | undefined }[];
  let answer: { status: number; body: unknown };
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    lookups = [];
    server = http.createServer((req, res) => {
      lookups.push({ url: req.url ?? "", authorization: req.headers.authorization });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function newVisit() {
    const v = new Visitor(t.app, PETS);
    return (await v.post("/metrics/initialize", { store_id: PET_STORE })).json()
      .session_id as string;
  }

  async function geoOf(id: string) {
    const [row] = await t.database.db
      .select({ geo: analyticsSessions.geo, geoError: analyticsSessions.geoError })
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, id));
    return row;
  }

  it("stores the user geo data the HTTP service answers, asking with the bearer token, once per visit", async () => {
    answer = {
      status: 200,
      body: {
        ip: "203.0.113.9",
        city: "Albany",
        region: "New York",
        country: "US",
        loc: "42.6526,-73.7562",
        postal: "12207",
        timezone: "America/New_York",
      },
    };
    const lookup = new HttpIpLookup(`${base}/{ip}/json`, "tok_secret");
    const deps = { db: t.database.db, lookup, log: quiet };
    const sessionId = await newVisit();
    const visit = { storeId: PET_STORE, sessionId, ip: "203.0.113.9", headers: {} };
    expect(await recordLocation(deps, visit)).toBe(true);
    expect(lookups.at(-1)).toEqual({
      url: "/203.0.113.9/json",
      authorization: "Bearer tok_secret",
    });
    expect((await geoOf(sessionId))?.geo).toEqual({
      ip: "203.0.113.9",
      country: "US",
      state: "New York",
      city: "Albany",
      postalCode: "12207",
      loc: "42.6526,-73.7562",
      timezone: "America/New_York",
    });
    // Looked up already: not asked again.
    const asked = lookups.length;
    expect(await recordLocation(deps, visit)).toBe(false);
    expect(lookups).toHaveLength(asked);
  });

  it("stores the service's refusal as 'Error: {status}'", async () => {
    answer = { status: 429, body: { error: "rate limited" } };
    const lookup = new HttpIpLookup(base, "tok_secret");
    const sessionId = await newVisit();
    await recordLocation(
      { db: t.database.db, lookup, log: quiet },
      { storeId: PET_STORE, sessionId, ip: "2001:db8::1", headers: {} },
    );
    expect(lookups.at(-1)?.url).toBe(`/${encodeURIComponent("2001:db8::1")}`);
    expect(await geoOf(sessionId)).toEqual({ geo: null, geoError: "Error: 429" });
  });

  it("looks up the connection's address, not the one the browser sent", async () => {
    answer = { status: 200, body: { ip: "198.51.100.7", country: "CA" } };
    const app = await createTestApp({
      ipLookup: { url: `${base}/{ip}`, token: "tok_secret" },
    });
    try {
      const v = new Visitor(app.app, PETS, {}, "198.51.100.7");
      await v.post("/metrics/initialize", { store_id: PET_STORE });
      const res = await v.post("/metrics/collect-data", { ipAddress: "8.8.8.8" });
      expect(res.statusCode).toBe(204);
      await app.app.background.idle();
      expect(lookups.at(-1)?.url).toBe("/198.51.100.7");
    } finally {
      await app.close();
    }
  });
});
