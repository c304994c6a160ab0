import { CHECKOUT_MESSAGES, pointsEarned } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HEMP, NY_ADDRESS, PET_STORE } from "../../../test/fixtures.ts";
import { discountCodes, users } from "../../db/schema.ts";
import { useCheckoutApp } from "./checkout-test-helpers.ts";

describe("checkout API", () => {
  const { t, visitor, shopper, quote, pay } = useCheckoutApp();

  describe("POST /api/checkout/quote", () => {
    it("refuses an empty cart with 'Your cart is empty'", async () => {
      const res = await visitor().post("/api/checkout/quote", {});
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.emptyCart);
    });

    it("shows the cart's subtotal without shipping or tax until the address is known", async () => {
      const v = await shopper({ "ITCHY-1": 1 });
      const res = await v.post("/api/checkout/quote", {});
      const q = res.json();
      expect(q.canCalculateTax).toBe(false);
      expect(q.shippingOptions).toEqual([]);
      expect(q.taxAmount).toBe(0);
      expect(q.total).toBe(q.subtotal);
    });

    it("offers Standard and Express to New York and adds 4% state tax on goods and shipping", async () => {
      const v = await shopper({ "ITCHY-1": 1 });
      const q = await quote(v);
      expect(q.canCalculateTax).toBe(true);
      expect(q.shippingOptions.map((o: { id: string }) => o.id)).toEqual(["standard", "express"]);
      expect(q.shipping).toBe(795);
      expect(q.taxAmount).toBe(Math.round(((q.subtotal + 795) * 4000) / 100_000));
      expect(q.total).toBe(q.subtotal + 795 + q.taxAmount);
      const express = await quote(v, NY_ADDRESS, "express");
      expect(express.shipping).toBe(1_995);
    });

    it("offers free shipping on a US order of $149.00 or more", async () => {
      const v = await shopper({ "ITCHY-1": 19 });
      const q = await quote(v);
      expect(q.subtotal).toBeGreaterThanOrEqual(14_900);
      expect(q.isFreeShipping).toBe(true);
      expect(q.shipping).toBe(0);
      expect(q.shippingOptions[0]).toMatchObject({ id: "free", amount: 0, free: true });
    });

    it("refuses a Canadian address for a cart in USD, naming the field", async () => {
      const v = await shopper({ "ITCHY-1": 1 });
      const res = await v.post("/api/checkout/quote", {
        address: { country: "CA", region: "ON", postalCode: "K1A 0B1" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields["address.country"]).toBe(CHECKOUT_MESSAGES.countryCurrency);
    });

    it("refuses a postal code that is not the country's, with the country's message", async () => {
      const v = await shopper({ "ITCHY-1": 1 });
      const res = await v.post("/api/checkout/quote", {
        address: { country: "US", region: "NY", postalCode: "K1A 0B1" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields["address.postalCode"]).toBe(
        "Enter a valid ZIP code (e.g. 10001 or 10001-1234)",
      );
    });
  });

  describe("after payment", () => {
    it("GET /api/orders/:number shows the order to its key holder and to no one else", async () => {
      const v = await shopper({ "EAT-1": 1 });
      const { order, accessKey } = (await pay(v)).json();
      const url = `/api/orders/${order.number}`;
      expect((await visitor().get(`${url}?key=${accessKey}`)).statusCode).toBe(200);
      expect((await visitor().get(url)).statusCode).toBe(404);
      expect((await visitor().get(`${url}?key=wrong`)).statusCode).toBe(404);
      expect((await visitor(HEMP).get(`${url}?key=${accessKey}`)).statusCode).toBe(404);
      expect((await visitor().get("/api/orders/abc")).statusCode).toBe(400);
    });

    it("adds points to a signed-in buyer, lists the order on the account, and refuses the buyer's own code", async () => {
      const v = visitor();
      const login = await v.post("/v2/auth/login", {
        email: "demo@pawsome.test",
        password: "Willow-and-Biscuit-2026",
      });
      expect(login.statusCode).toBe(200);
      const pointsBefore = login.json().user.points_balance;
      await v.post("/api/cart/items", { sku: "FUNGUS-1", quantity: 1 });
      const own = await v.put("/api/cart/discount", { code: "RILEYPAWS" });
      expect(own.statusCode).toBe(409);
      const res = await pay(v, { email: "demo@pawsome.test" });
      expect(res.statusCode, res.body).toBe(200);
      const { order } = res.json();
      expect(order.pointsEarned).toBe(pointsEarned(order.total));
      const account = (await v.get("/api/account")).json();
      expect(account.points_balance).toBe(pointsBefore + pointsEarned(order.total));
      const history = (await v.get("/api/account/orders")).json();
      expect(history.orders[0]).toMatchObject({
        number: order.number,
        status: "paid",
        itemCount: 1,
      });
      // Its owner reads it without the key.
      expect((await v.get(`/api/orders/${order.number}`)).statusCode).toBe(200);
    });

    it("credits the affiliate whose personal code a guest used", async () => {
      const [riley] = await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.storeId, PET_STORE), eq(users.email, "demo@pawsome.test")));
      const v = await shopper({ "EAT-1": 2 });
      const applied = await v.put("/api/cart/discount", { code: "rileypaws" });
      expect(applied.statusCode, applied.body).toBe(200);
      const res = await pay(v);
      expect(res.statusCode, res.body).toBe(200);
      const { order } = res.json();
      expect(order.discountCode).toBe("RILEYPAWS");
      expect(order.discountAmount).toBe(Math.round(order.subtotal * 0.1));
      const [after] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, riley?.id ?? ""));
      expect(after?.commissionAmount).toBe(
        (riley?.commissionAmount ?? 0) +
          Math.floor(((order.subtotal - order.discountAmount) * 10) / 100),
      );
    });

    it("counts a code's redemption when the order is paid", async () => {
      const [before] = await t.database.db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.storeId, PET_STORE), eq(discountCodes.code, "save10")));
      const v = await shopper({ "EAT-1": 2 });
      await v.put("/api/cart/discount", { code: "SAVE10" });
      expect((await pay(v)).statusCode).toBe(200);
      const [after] = await t.database.db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.id, before?.id ?? ""));
      expect(after?.redemptions).toBe((before?.redemptions ?? 0) + 1);
    });
  });
});
