import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GOOD_CARD,
  HEMP,
  HEMP_STORE,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { carts } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";
import { analyticsTestHelpers, stateOf } from "./analytics-test-helpers.ts";

describe("analytics API", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });
  const { visiting } = analyticsTestHelpers(() => t);

  async function cartStatusOf(v: Visitor) {
    const res = await v.get("/api/cart");
    return res.json().status as string;
  }

  describe("POST /metrics/abandoned-cart", () => {
    it("abandons an active cart with items; the next cart event or page visit makes it active again", async () => {
      const v = new Visitor(t.app, PETS);
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      expect(await cartStatusOf(v)).toBe("active");
      const cartItems = [{ sku: "EAT-1", quantity: 1 }];
      const beacon = await v.post("/metrics/abandoned-cart", JSON.stringify({ cartItems }), {
        "content-type": "text/plain;charset=UTF-8",
      });
      expect(beacon.statusCode, beacon.body).toBe(204);
      expect(await cartStatusOf(v)).toBe("abandoned");
      // A page visit.
      await v.post("/metrics/initialize", { store_id: PET_STORE });
      expect(await cartStatusOf(v)).toBe("active");
      await v.post("/metrics/abandoned-cart", { cartItems });
      expect(await cartStatusOf(v)).toBe("abandoned");
      // A cart event.
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      expect(await cartStatusOf(v)).toBe("active");
    });

    it("leaves an empty cart, and a purchased one, as they are", async () => {
      const v = new Visitor(t.app, PETS);
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      await v.post("/metrics/abandoned-cart", { cartItems: [] });
      expect(await cartStatusOf(v)).toBe("active");
      await v.delete("/api/cart");
      await v.post("/metrics/abandoned-cart", { cartItems: [{ sku: "EAT-1", quantity: 1 }] });
      expect(await cartStatusOf(v)).not.toBe("abandoned");

      // Bought: the cart is purchased, and a late beacon does not abandon it.
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const cartId = (
        await t.database.db
          .select()
          .from(carts)
          .where(eq(carts.sessionId, sessionIdOf(v) ?? ""))
      ).find((c) => c.status === "active")?.id;
      const quote = (
        await v.post("/api/checkout/quote", { address: quoteAddress(NY_ADDRESS) })
      ).json();
      const paid = await v.post(
        "/api/checkout",
        {
          email: "leaver@example.com",
          name: "Lee Leaver",
          address: NY_ADDRESS,
          shippingOptionId: quote.selectedShippingOption.id,
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": `abandon-test-${Date.now()}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      await v.post("/metrics/abandoned-cart", { cartItems: [{ sku: "EAT-1", quantity: 1 }] });
      const [row] = await t.database.db
        .select()
        .from(carts)
        .where(eq(carts.id, cartId ?? ""));
      expect(row?.status).toBe("purchased");
    });

    it("refuses a body that is not {cartItems} with 400", async () => {
      const v = new Visitor(t.app, PETS);
      expect((await v.post("/metrics/abandoned-cart", { items: [] })).statusCode).toBe(400);
    });
  });

  describe("GET /api/admin/abandoned-carts", () => {
    it("shows the store's admins each abandoned cart with what its visitor did, newest first", async () => {
      const { v } = await visiting();
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      // The visit is tied to the cart's session by the first update after the cart began.
      await v.post("/metrics/update-session-data", stateOf({ userEmail: "leaver@example.com" }));
      await t.app.analytics.flush();
      await v.post("/metrics/abandoned-cart", { cartItems: [{ sku: "ITCHY-1", quantity: 1 }] });

      const admin = (await signedInVisitor(t.app, t.database.db, { userType: "admin" })).v;
      const res = await admin.get("/api/admin/abandoned-carts?pageSize=5");
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ page: 1, pageSize: 5 });
      expect(page.total).toBeGreaterThanOrEqual(1);
      const [newest] = page.carts;
      expect(newest).toMatchObject({
        storeId: PET_STORE,
        cartData: {
          cartStatus: "abandoned",
          cartItems: [{ sku: "ITCHY-1", quantity: 1, line_total: 3_995 }],
          // In its currency, so the admin's screen can say what was left.
          currency: "usd",
          subtotal: 3_995,
          cartEvents: [{ type: "item_added", sku: "ITCHY-1", quantity: 1 }],
        },
        productPageViews: stateOf().productPageViews,
        viewedPages: stateOf().viewedPages,
        searchHistory: stateOf().searchHistory,
        totalViewTime: 35,
        userEmail: "leaver@example.com",
        attribution: stateOf().attribution,
      });
      expect(Number.isFinite(Date.parse(newest.cartData.timestamp))).toBe(true);
      expect(newest.cartData.sessionDuration).toBeGreaterThanOrEqual(0);

      // Another store's admin sees only their own store's carts.
      const hemp = (
        await signedInVisitor(
          t.app,
          t.database.db,
          { userType: "admin", storeId: HEMP_STORE },
          HEMP,
        )
      ).v;
      const theirs = (await hemp.get("/api/admin/abandoned-carts")).json();
      expect(theirs.carts.every((c: { storeId: string }) => c.storeId === HEMP_STORE)).toBe(true);
    });

    it("refuses a visitor (401), a shopper (a missing route's 404) and a bad page (400)", async () => {
      expect((await new Visitor(t.app, PETS).get("/api/admin/abandoned-carts")).statusCode).toBe(
        401,
      );
      const shopper = (await signedInVisitor(t.app, t.database.db)).v;
      expect((await shopper.get("/api/admin/abandoned-carts")).statusCode).toBe(404);
      const admin = (await signedInVisitor(t.app, t.database.db, { userType: "admin" })).v;
      expect((await admin.get("/api/admin/abandoned-carts?page=0")).statusCode).toBe(400);
      expect((await admin.get("/api/admin/abandoned-carts?pageSize=500")).statusCode).toBe(400);
    });
  });
});
