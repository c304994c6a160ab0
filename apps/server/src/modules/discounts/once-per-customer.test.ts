import { randomUUID } from "node:crypto";
import { DISCOUNT_MESSAGES } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GOOD_CARD,
  NY_ADDRESS,
  PETS,
  quoteAddress,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { orders } from "../../db/schema.ts";

describe("WELCOME15: once per customer, by account and by mailbox", () => {
  const t = useTestApp();

  async function cartWithCode(v: Visitor = visitorWithOwnIp(t.app, PETS)) {
    expect((await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 })).statusCode).toBe(200);
    const applied = await v.put("/api/cart/discount", { code: "welcome15" });
    return { v, applied };
  }

  async function pay(v: Visitor, email: string) {
    const quote = (await v.post("/api/checkout/quote", { address: quoteAddress() })).json();
    return v.post(
      "/api/checkout",
      {
        email,
        name: "Welcome Shopper",
        address: NY_ADDRESS,
        shippingOptionId: "standard",
        expectedTotal: quote.total,
        card: GOOD_CARD,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  it("an account that used it cannot apply it again", async () => {
    const { v, user } = await signedInVisitor(t.app, t.database.db);
    await cartWithCode(v);
    expect((await pay(v, user.email)).statusCode).toBe(200);
    const { applied } = await cartWithCode(v);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().error.message).toBe(DISCOUNT_MESSAGES.oncePerCustomer);
  });

  it("the same mailbox written another way cannot use it again: dots and +tags at Gmail", async () => {
    const name = `welcome${Date.now()}`;
    const first = await cartWithCode();
    expect((await pay(first.v, `${name}@gmail.com`)).statusCode).toBe(200);
    const again = await cartWithCode();
    expect(again.applied.statusCode).toBe(200);
    const spelled = `${name.slice(0, 3)}.${name.slice(3)}+again@GoogleMail.com`;
    const refused = await pay(again.v, spelled);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DISCOUNT_MESSAGES.oncePerCustomer);
    // Nothing was placed for the refused checkout.
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, spelled.toLowerCase()), eq(orders.status, "paid")));
    expect(placed).toEqual([]);
  });

  it("two checkouts of one mailbox at once: exactly one gets the code", async () => {
    const email = `rush.${Date.now()}@example.com`;
    const carts = await Promise.all([cartWithCode(), cartWithCode(), cartWithCode()]);
    const answers = await Promise.all(carts.map(({ v }) => pay(v, email)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(DISCOUNT_MESSAGES.oncePerCustomer);
    }
  });
});
