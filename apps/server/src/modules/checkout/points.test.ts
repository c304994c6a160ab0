import { randomUUID } from "node:crypto";
import {
  CHECKOUT_FIELD_MESSAGES,
  CHECKOUT_MESSAGES,
  POINT_VALUE,
  pointsEarned,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  DECLINED_CARD,
  GOOD_CARD,
  NY_ADDRESS,
  outboxTo,
  PETS,
  quoteAddress,
  signIn,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { users } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

describe("loyalty points at checkout", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });

  /** A signed-in shopper with `points` and these skus in the cart. */
  async function member(points: number, skus: Record<string, number>) {
    const user = await createUser(t.database.db, { pointsBalance: points });
    const v = new Visitor(t.app, PETS);
    expect((await signIn(v, user.email)).statusCode).toBe(200);
    for (const [sku, quantity] of Object.entries(skus)) {
      const res = await v.post("/api/cart/items", { sku, quantity });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { v, user };
  }

  async function quote(v: Visitor, usePoints?: boolean) {
    const res = await v.post("/api/checkout/quote", {
      address: quoteAddress(NY_ADDRESS),
      ...(usePoints === undefined ? {} : { usePoints }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function pay(
    v: Visitor,
    email: string,
    q: { total: number; selectedShippingOption: { id: string } },
    extra: Record<string, unknown> = {},
  ) {
    return v.post(
      "/api/checkout",
      {
        email,
        name: "Points Buyer",
        address: NY_ADDRESS,
        shippingOptionId: q.selectedShippingOption.id,
        expectedTotal: q.total,
        card: GOOD_CARD,
        usePoints: true,
        ...extra,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  async function balanceOf(userId: string): Promise<number> {
    const [row] = await t.database.db
      .select({ balance: users.pointsBalance })
      .from(users)
      .where(eq(users.id, userId));
    return row?.balance ?? -1;
  }

  it("takes 5 cents a point off the goods in the quote, and taxes what is left", async () => {
    const { v } = await member(120, { "ITCHY-1": 1 });
    const without = await quote(v);
    expect(without).toMatchObject({ pointsUsed: 0, pointsDiscount: 0 });
    const q = await quote(v, true);
    expect(q).toMatchObject({ pointsUsed: 120, pointsDiscount: 120 * POINT_VALUE });
    const taxable = q.subtotal - q.pointsDiscount + q.shipping;
    expect(q.taxAmount).toBe(Math.round((taxable * 4000) / 100_000));
    expect(q.total).toBe(q.subtotal - q.pointsDiscount + q.shipping + q.taxAmount);
  });

  it("spends only the points the goods can take, and none for a guest", async () => {
    const { v } = await member(100_000, { "ITCHY-1": 1 });
    const q = await quote(v, true);
    expect(q.pointsDiscount).toBe(q.subtotal);
    expect(q.pointsUsed).toBe(q.subtotal / POINT_VALUE);
    expect(q.total).toBe(q.shipping + q.taxAmount);
    const guest = new Visitor(t.app, PETS);
    await guest.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect(await quote(guest, true)).toMatchObject({ pointsUsed: 0, pointsDiscount: 0 });
  });

  it("refuses a usePoints that is not true or false with 400", async () => {
    const { v } = await member(120, { "ITCHY-1": 1 });
    const res = await v.post("/api/checkout/quote", { usePoints: "yes" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.usePoints).toBe(CHECKOUT_FIELD_MESSAGES.usePoints);
  });

  it("records the points on the paid order and leaves the balance with what the order earned", async () => {
    const { v, user } = await member(120, { "ITCHY-1": 1 });
    const q = await quote(v, true);
    const res = await pay(v, user.email, q);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      pointsSpent: 120,
      pointsDiscount: 600,
      total: q.total,
      pointsEarned: pointsEarned(q.total),
    });
    expect(await balanceOf(user.id)).toBe(pointsEarned(q.total));
    // The order's page and its confirmation email show what the points took off.
    expect((await v.get(`/api/orders/${order.number}`)).json()).toMatchObject({
      pointsSpent: 120,
      pointsDiscount: 600,
    });
    await t.app.background.idle();
    const mail = await outboxTo(t.database.db, user.email);
    const confirmation = mail.find((m) => m.subject.includes(`#${order.number}`));
    expect(confirmation?.text).toContain("Points (120)");
    expect(confirmation?.text).toContain("−$6.00");
  });

  it("gives the points back when the card is declined", async () => {
    const { v, user } = await member(120, { "ITCHY-1": 1 });
    const q = await quote(v, true);
    const res = await pay(v, user.email, q, { card: DECLINED_CARD });
    expect(res.statusCode).toBe(402);
    expect(await balanceOf(user.id)).toBe(120);
  });

  it("charges nothing when the balance changed after the quote: the shopper reviews the new total", async () => {
    const { v, user } = await member(120, { "ITCHY-1": 1 });
    const q = await quote(v, true);
    await t.database.db.update(users).set({ pointsBalance: 20 }).where(eq(users.id, user.id));
    const res = await pay(v, user.email, q);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.totalChanged);
    expect(await balanceOf(user.id)).toBe(20);
    const again = await pay(v, user.email, await quote(v, true));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.pointsSpent).toBe(20);
  });
});
