import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DECLINED_CARD,
  GOOD_CARD,
  HEMP,
  NO_FUNDS_CARD,
  NY_ADDRESS,
  outboxTo,
  PETS,
  setStock,
  stockOf,
} from "../../../test/fixtures.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { carts, orders } from "../../db/schema.ts";
import { useCheckoutApp } from "./checkout-test-helpers.ts";

describe("checkout API", () => {
  const { t, processor, visitor, shopper, quote, pay } = useCheckoutApp();

  describe("POST /api/checkout", () => {
    describe("paying with the test card", () => {
      it("places one paid order for 4242 4242 4242 4242, taking the stock, emptying the cart and mailing a confirmation", async () => {
        const before = await stockOf(t.database.db, "DRAMA-1");
        const v = await shopper({ "DRAMA-1": 2, "EAT-1": 1 });
        const res = await pay(v);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.status).toBe("paid");
        expect(body.order).toMatchObject({
          status: "paid",
          email: "buyer@example.com",
          payment: { provider: "test", cardBrand: "visa", cardLast4: "4242" },
        });
        expect(body.order.lines).toHaveLength(2);
        expect(await stockOf(t.database.db, "DRAMA-1")).toBe(before - 2);

        const cart = await v.get("/api/cart");
        expect(cart.json().cartItems).toEqual([]);
        const [cartRow] = await t.database.db
          .select({ status: carts.status })
          .from(carts)
          .where(eq(carts.sessionId, sessionIdOf(v) ?? ""));
        expect(cartRow?.status).toBe("purchased");

        await t.app.background.idle();
        const mail = await outboxTo(t.database.db, "buyer@example.com");
        const confirmation = mail.find((m) => m.subject.includes(`#${body.order.number}`));
        expect(confirmation?.text).toContain(`/orders/${body.order.number}?key=`);
      });

      it("answers a repeated Idempotency-Key with the same order and charges once", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const key = randomUUID();
        const chargesBefore = processor.charges.size;
        const first = await pay(v, { key });
        const again = await v.post(
          "/api/checkout",
          {
            email: "buyer@example.com",
            name: "Jamie Buyer",
            address: NY_ADDRESS,
            shippingOptionId: "standard",
            expectedTotal: first.json().order.total,
            card: GOOD_CARD,
          },
          { "idempotency-key": key },
        );
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().order.number).toBe(first.json().order.number);
        expect(again.json().accessKey).toBe(first.json().accessKey);
        expect(processor.charges.size).toBe(chargesBefore + 1);
      });

      it("answers a repeated Idempotency-Key with the paid order even once the shopper filled a new cart with the same total", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const key = randomUUID();
        const first = await pay(v, { key });
        expect(first.statusCode, first.body).toBe(200);
        const stockAfterFirst = await stockOf(t.database.db, "EAT-1");
        expect((await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 })).statusCode).toBe(
          200,
        );
        const chargesBefore = processor.charges.size;
        const again = await pay(v, { key });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().order.number).toBe(first.json().order.number);
        expect(processor.charges.size).toBe(chargesBefore);
        expect(await stockOf(t.database.db, "EAT-1")).toBe(stockAfterFirst);
        expect((await v.get("/api/cart")).json().itemCount).toBe(1);
      });

      it("makes one order and one charge from a double click (two requests at once, one key)", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const q = await quote(v);
        const key = randomUUID();
        const body = {
          email: "double@example.com",
          name: "Double Click",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: GOOD_CARD,
        };
        const chargesBefore = processor.charges.size;
        const [a, b] = await Promise.all([
          v.post("/api/checkout", body, { "idempotency-key": key }),
          v.post("/api/checkout", body, { "idempotency-key": key }),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(a.json().order.number).toBe(b.json().order.number);
        const made = await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.email, "double@example.com"));
        expect(made).toHaveLength(1);
        expect(processor.charges.size).toBe(chargesBefore + 1);
      });

      it("declines 4000 0000 0000 0002 with the processor's reason and changes nothing, so a good card can then pay", async () => {
        const before = await stockOf(t.database.db, "YOUNG-1");
        const v = await shopper({ "YOUNG-1": 1 });
        const declined = await pay(v, { card: DECLINED_CARD, email: "declined@example.com" });
        expect(declined.statusCode).toBe(402);
        expect(declined.json().error).toEqual({
          code: "payment_declined",
          message: "Your card was declined.",
        });
        expect(await stockOf(t.database.db, "YOUNG-1")).toBe(before);
        // The attempt is recorded as declined, holding nothing.
        const ended = await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.email, "declined@example.com"));
        expect(ended.map((o) => [o.status, o.failureMessage])).toEqual([
          ["declined", "Your card was declined."],
        ]);
        expect((await v.get("/api/cart")).json().cartItems).toHaveLength(1);

        const retry = await pay(v, { email: "declined@example.com" });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(await stockOf(t.database.db, "YOUNG-1")).toBe(before - 1);
      });

      it("stops an address that had 10 cards declined within the hour from trying an 11th (card testing)", async () => {
        const tester = new Visitor(t.app, PETS, {}, "203.0.113.9");
        await tester.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
        for (let i = 0; i < 10; i += 1) {
          const res = await pay(tester, { card: DECLINED_CARD });
          expect(res.statusCode).toBe(402);
        }
        const blocked = await pay(tester, { card: GOOD_CARD });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toBe("Too many requests. Please try again after some time");
        const other = await shopper({ "EAT-1": 1 });
        expect((await pay(other)).statusCode).toBe(200);
      });

      it("reports insufficient funds for 4000 0000 0000 9995", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const res = await pay(v, { card: NO_FUNDS_CARD });
        expect(res.statusCode).toBe(402);
        expect(res.json().error.message).toBe("Your card has insufficient funds.");
      });

      it("refuses a tampered total with 409 and charges nothing", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const chargesBefore = processor.charges.size;
        const res = await pay(v, { total: 1 });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.totalChanged);
        expect(processor.charges.size).toBe(chargesBefore);
      });

      it("refuses a missing email, a bad card number and a missing Idempotency-Key with 400 naming the field", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const q = await quote(v);
        const body = {
          name: "No Email",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: GOOD_CARD,
        };
        const noEmail = await v.post("/api/checkout", body, { "idempotency-key": randomUUID() });
        expect(noEmail.statusCode).toBe(400);
        expect(noEmail.json().error.fields.email).toBeTruthy();
        const badCard = await v.post(
          "/api/checkout",
          {
            ...body,
            email: "a@example.com",
            card: { ...GOOD_CARD, number: "4242 4242 4242 4241" },
          },
          { "idempotency-key": randomUUID() },
        );
        expect(badCard.statusCode).toBe(400);
        expect(badCard.json().error.fields["card.number"]).toBe("Your card number is invalid.");
        const noKey = await v.post("/api/checkout", { ...body, email: "a@example.com" });
        expect(noKey.statusCode).toBe(400);
        expect(noKey.json().error.message).toContain("idempotency-key");
      });

      it("does not let another store's host pay for this store's cart", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const elsewhere = new Visitor(t.app, HEMP);
        elsewhere.cookies.set("sf_session", v.cookies.get("sf_session") ?? "");
        const res = await elsewhere.post("/api/checkout/quote", {});
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.emptyCart);
      });

      it("treats an expired or unknown sign-in session as no one: no account cart is paid", async () => {
        const v = visitor();
        v.cookies.set("sf_auth", "A".repeat(43));
        const res = await v.post(
          "/api/checkout",
          {
            email: "gone@example.com",
            name: "Expired Session",
            address: NY_ADDRESS,
            shippingOptionId: "standard",
            expectedTotal: 1_000,
            card: GOOD_CARD,
          },
          { "idempotency-key": randomUUID() },
        );
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.emptyCart);
      });

      it("charges nothing and names the product when its last unit went to someone else first", async () => {
        const v = await shopper({ "POOPOO-1": 1 });
        await setStock(t.database.db, "POOPOO-1", 0);
        const chargesBefore = processor.charges.size;
        const res = await pay(v);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe("out_of_stock");
        expect(res.json().error.message).toMatch(/^Sorry, .+ is out of stock$/);
        expect(processor.charges.size).toBe(chargesBefore);
      });

      it("answers a declined attempt's Idempotency-Key sent again with the same decline, charging nothing", async () => {
        const v = await shopper({ "EAT-1": 1 });
        const q = await quote(v);
        const key = randomUUID();
        const body = {
          email: "declined-twice@example.com",
          name: "Declined Twice",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: DECLINED_CARD,
        };
        const first = await v.post("/api/checkout", body, { "idempotency-key": key });
        expect(first.statusCode).toBe(402);
        const chargesBefore = processor.charges.size;
        const again = await v.post("/api/checkout", body, { "idempotency-key": key });
        expect(again.statusCode).toBe(402);
        expect(again.json().error).toEqual(first.json().error);
        expect(processor.charges.size).toBe(chargesBefore);
      });

      /** Places an order whose charge never got an answer: it holds its stock, unpaid. */
      async function cutOffAttempt(v: Visitor, body: Record<string, unknown>, key: string) {
        const charge = processor.charge;
        processor.charge = async () => {
          throw new Error("connection reset");
        };
        try {
          const dropped = await v.post("/api/checkout", body, { "idempotency-key": key });
          expect(dropped.statusCode).toBe(503);
        } finally {
          processor.charge = charge;
        }
        const [held] = await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.idempotencyKey, key));
        expect(held?.status).toBe("awaiting_payment");
        return held;
      }

      it("completes an attempt whose charge got no answer when its Idempotency-Key comes again, charging once", async () => {
        const before = await stockOf(t.database.db, "EAT-1");
        const v = await shopper({ "EAT-1": 1 });
        const q = await quote(v);
        const key = randomUUID();
        const body = {
          email: "cut-off@example.com",
          name: "Cut Off",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: GOOD_CARD,
        };
        const held = await cutOffAttempt(v, body, key);
        expect(await stockOf(t.database.db, "EAT-1")).toBe(before - 1);
        const chargesBefore = processor.charges.size;
        const retry = await v.post("/api/checkout", body, { "idempotency-key": key });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.json().order.number).toBe(held?.number);
        expect(retry.json().status).toBe("paid");
        expect(processor.charges.size).toBe(chargesBefore + 1);
        expect(await stockOf(t.database.db, "EAT-1")).toBe(before - 1);
        expect((await v.get("/api/cart")).json().cartItems).toEqual([]);
      });

      it("lets a newer attempt of the cart release one whose charge got no answer, so its stock is not taken twice", async () => {
        await setStock(t.database.db, "POOPOO-2", 1);
        const v = await shopper({ "POOPOO-2": 1 });
        const q = await quote(v);
        const body = {
          email: "cut-off-newer@example.com",
          name: "Cut Off",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: GOOD_CARD,
        };
        const held = await cutOffAttempt(v, body, randomUUID());
        expect(await stockOf(t.database.db, "POOPOO-2")).toBe(0);
        const newer = await v.post("/api/checkout", body, { "idempotency-key": randomUUID() });
        expect(newer.statusCode, newer.body).toBe(200);
        const [old] = await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.id, held?.id ?? ""));
        expect(old?.status).toBe("canceled");
        expect(await stockOf(t.database.db, "POOPOO-2")).toBe(0);
      });
    });

    describe("attempts that must not pay twice or wrongly", () => {
      it("charges nothing for an out-of-stock refusal, so the same key pays once when the stock is back", async () => {
        const v = await shopper({ "PEEPEE-1": 1 });
        const key = randomUUID();
        await setStock(t.database.db, "PEEPEE-1", 0);
        const chargesBefore = processor.charges.size;
        expect((await pay(v, { key })).statusCode).toBe(409);
        expect(processor.charges.size).toBe(chargesBefore);
        await setStock(t.database.db, "PEEPEE-1", 50);
        const retried = await pay(v, { key });
        expect(retried.statusCode, retried.body).toBe(200);
        expect(processor.charges.size).toBe(chargesBefore + 1);
        expect([...processor.charges.values()].some((c) => c.refunded)).toBe(false);
      });

      it("pays one cart once when two tabs pay it at the same time with different keys", async () => {
        const v = await shopper({ "ITCHY-2": 1 });
        const q = await quote(v);
        const body = {
          email: "two-tabs@example.com",
          name: "Two Tabs",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: q.total,
          card: GOOD_CARD,
        };
        const before = processor.charges.size;
        const answers = await Promise.all([
          v.post("/api/checkout", body, { "idempotency-key": randomUUID() }),
          v.post("/api/checkout", body, { "idempotency-key": randomUUID() }),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const kept = [...processor.charges.values()].slice(before).filter((c) => !c.refunded);
        expect(kept).toHaveLength(1);
        const paid = await t.database.db
          .select({ status: orders.status })
          .from(orders)
          .where(and(eq(orders.email, "two-tabs@example.com"), eq(orders.status, "paid")));
        expect(paid).toHaveLength(1);
      });

      it("refuses a guest who uses their own personal code with their own email", async () => {
        const v = await shopper({ "EAT-1": 1 });
        expect((await v.put("/api/cart/discount", { code: "RILEYPAWS" })).statusCode).toBe(200);
        const res = await pay(v, { email: "demo@pawsome.test" });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.ownCode);
      });

      it("answers a request with a malformed Host without a 500", async () => {
        const res = await t.app.inject({
          method: "GET",
          url: "/api/store",
          headers: { host: "pets.localhost:99999" },
        });
        expect(res.statusCode).toBeLessThan(500);
      });
    });
  });
});
